/**
 * useAfterPaint (src/components/useAfterPaint.ts): what is below the fold waits for the
 * first frame, so a slow phone shows the view before laying out all of it (issue 44 item 1).
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from '../../src/components/useAfterPaint';
import { flush, nextFrame } from '../machines/discovery.fakes';

function Probe() {
  return <p>{useAfterPaint() ? 'all' : 'first'}</p>;
}

describe('useAfterPaint', () => {
  it('is false as the component first appears, and true once a frame has been drawn', async () => {
    render(<Probe />);
    expect(screen.getByText('first')).toBeInTheDocument();
    // Tasks alone do not draw a frame: it is still the first drawing.
    await act(flush);
    expect(screen.getByText('first')).toBeInTheDocument();
    await act(nextFrame);
    expect(screen.getByText('all')).toBeInTheDocument();
  });

  it('asks for nothing more once it is true, and leaves no frame or timer behind when the component goes first', async () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const cancel = vi.spyOn(window, 'cancelAnimationFrame');
    const { unmount } = render(<Probe />);
    expect(frames).toHaveBeenCalledTimes(1);
    unmount();
    expect(cancel).toHaveBeenCalledWith(frames.mock.results[0]!.value);
    render(<Probe />);
    await act(nextFrame);
    expect(screen.getByText('all')).toBeInTheDocument();
    expect(frames).toHaveBeenCalledTimes(3);
    frames.mockRestore();
    cancel.mockRestore();
  });
});
