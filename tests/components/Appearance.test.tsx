import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyAppearance, storedAppearance } from '../../machines/profile/appearance';
import { AppearanceSettings } from '../../src/components/AppearanceSettings';
import { renderApp } from './renderApp';

afterEach(() => {
  localStorage.clear();
  applyAppearance({ theme: 'system', textSize: 'default' });
});

describe('AppearanceSettings (issue 20)', () => {
  it('follows the device until a theme is picked, then sets and remembers it', async () => {
    renderApp(<AppearanceSettings />);
    expect(screen.getByRole('radio', { name: 'Follow my device' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(storedAppearance()).toEqual({ theme: 'dark', textSize: 'default' });
    await userEvent.click(screen.getByRole('radio', { name: 'Follow my device' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('sets the text size on the page, and says what each theme does', async () => {
    renderApp(<AppearanceSettings />);
    await userEvent.click(screen.getByRole('radio', { name: 'Larger' }));
    expect(document.documentElement.dataset.textSize).toBe('larger');
    expect(screen.getByRole('radio', { name: 'High contrast' })).toHaveAccessibleDescription('Black text on white, with strong borders.');
    expect(screen.getByRole('group', { name: 'Text size' })).toBeVisible();
  });

  it('reads garbage kept on the device as the defaults', () => {
    localStorage.setItem('wallflower.appearance', '{"theme":"neon","textSize":7');
    expect(storedAppearance()).toEqual({ theme: 'system', textSize: 'default' });
    localStorage.setItem('wallflower.appearance', '{"theme":"neon","textSize":"large"}');
    expect(storedAppearance()).toEqual({ theme: 'system', textSize: 'large' });
  });
});
