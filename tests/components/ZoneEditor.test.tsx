/**
 * The safe-zone editor on screen (issue 17): the real chart and API client, the server
 * answered by msw, and the browser's position faked on navigator.geolocation.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SafeZoneSchema, type SafeZone } from '../../contract/discovery';
import { NOT_AN_ORGANIZER, NO_CENTRE, POSITION_FAILED, ZONE_NAME_IN_USE, zoneEditorMachine } from '../../machines/organizer/zone-editor.machine';
import { ZoneEditor } from '../../src/components/ZoneEditor';
import { ada } from '../machines/app.fakes';
import { asChild, flush, sampleEvent, sampleZone } from '../machines/discovery.fakes';
import { renderApp } from './renderApp';

const event = sampleEvent();
const ZONE_ID = 'c0000000-0000-4000-8000-0000000000bb';

/** What the server was sent, and what it answers next. */
const sent: Array<{ method: string; path: string; query: string | null; body: unknown }> = [];
let refusal: { status: number; detail: string } | null = null;

const keep = async ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  const body = (await request.json()) as Partial<SafeZone>;
  sent.push({ method: request.method, path: url.pathname, query: url.searchParams.get('user_id'), body });
  if (refusal) return HttpResponse.json({ detail: refusal.detail }, { status: refusal.status });
  return HttpResponse.json(SafeZoneSchema.parse({ ...sampleZone({ id: ZONE_ID }), ...body }));
};

const server = setupServer(
  http.post('*/api/events/:eventId/safe-zones', keep),
  http.put('*/api/events/:eventId/safe-zones/:zoneId', keep),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
  refusal = null;
});
afterAll(() => server.close());

type Answer = (ok: PositionCallback, fail: PositionErrorCallback) => void;

/** The browser's position: `answer` decides, once per ask. */
function fakeGeolocation(answer: Answer) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => answer(ok, fail));
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

const at = (accuracy: number): Answer => (ok) =>
  ok({ coords: { latitude: 52.520008, longitude: 13.404954, accuracy }, timestamp: 0 } as GeolocationPosition);
const refused = (code: number): Answer => (_ok, fail) => fail!({ code, message: 'no' } as GeolocationPositionError);

function renderEditor(zone: SafeZone | null = null, name?: string) {
  const t = asChild(zoneEditorMachine, { userId: ada.id, eventId: event.id, zone, ...(name ? { name } : {}) });
  renderApp(<ZoneEditor actor={t.child} />);
  return { ...t, user: userEvent.setup(), form: () => screen.getByRole('form') };
}

const standHere = () => screen.getByRole('button', { name: "I'm standing in it" });
const status = () => screen.getByRole('status');

describe('ZoneEditor', () => {
  it('is a labelled form: name, kind, description, where it is, and a radius slider in metres', () => {
    renderEditor(null, 'Quiet room');
    expect(screen.getByRole('form', { name: 'Add a safe zone' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Add a safe zone' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Quiet room');
    expect(screen.getByLabelText('Kind of zone')).toHaveValue('safe_space');
    expect(screen.getByLabelText('Kind of zone')).toHaveAccessibleDescription(/A calm place to recharge/);
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('');
    expect(within(screen.getByRole('group', { name: 'Where it is' })).getByRole('button', { name: "I'm standing in it" })).toBeEnabled();
    expect(status()).toHaveTextContent(/^No centre yet\./);
    expect(standHere()).toHaveAccessibleDescription(/^No centre yet\./);
    const radius = screen.getByRole('slider', { name: 'Radius' });
    expect(radius).toHaveAttribute('min', '5');
    expect(radius).toHaveAttribute('max', '500');
    expect(radius).toHaveValue('15');
    expect(radius).toHaveAttribute('aria-valuetext', '15 metres');
    expect(screen.getByText('15 m')).toBeInTheDocument();
    expect(screen.queryByLabelText('Latitude')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Type coordinates instead' })).toBeInTheDocument();
  });

  it('asks the position once, precisely, says how accurate it is, and saves the zone there', async () => {
    const ask = fakeGeolocation(at(12.4));
    const t = renderEditor(null, 'Quiet room');
    await t.user.click(standHere());
    await waitFor(() => expect(status()).toHaveTextContent('Centre set where you stand (accurate to about 12 m).'));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true, maximumAge: 0 });
    expect(status()).not.toHaveTextContent('less precise');
    await t.user.click(screen.getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(t.child.getSnapshot().status).toBe('done'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `/api/events/${event.id}/safe-zones`,
        query: ada.id,
        body: { name: 'Quiet room', description: '', zone_type: 'safe_space', latitude: 52.520008, longitude: 13.404954, radius_meters: 15 },
      },
    ]);
    expect(t.child.getSnapshot().output).toMatchObject({ id: ZONE_ID, name: 'Quiet room', latitude: 52.520008 });
  });

  it('says so calmly when the position is rougher than the radius, until the slider makes it bigger', async () => {
    fakeGeolocation(at(45));
    const t = renderEditor();
    await t.user.click(standHere());
    await waitFor(() => expect(status()).toHaveTextContent('accurate to about 45 m'));
    expect(status()).toHaveTextContent("That's less precise than the zone's 15 m radius");
    fireEvent.change(screen.getByRole('slider', { name: 'Radius' }), { target: { value: '60' } });
    expect(screen.getByText('60 m')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Radius' })).toHaveAttribute('aria-valuetext', '60 metres');
    expect(status()).not.toHaveTextContent('less precise');
  });

  it('offers the coordinates when the person says no, and saves what they type', async () => {
    fakeGeolocation(refused(1));
    const t = renderEditor(null, 'Quiet room');
    await t.user.click(standHere());
    await waitFor(() => expect(status()).toHaveTextContent(POSITION_FAILED.denied.message));
    expect(screen.queryByRole('button', { name: 'Type coordinates instead' })).not.toBeInTheDocument();
    await t.user.type(screen.getByLabelText('Latitude'), '52.5068');
    await t.user.type(screen.getByLabelText('Longitude'), '-0.1276');
    await t.user.click(screen.getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ latitude: 52.5068, longitude: -0.1276 });
  });

  it('says a slow or missing position plainly, and the button tries again', async () => {
    const ask = fakeGeolocation(refused(3));
    const t = renderEditor();
    await t.user.click(standHere());
    await waitFor(() => expect(status()).toHaveTextContent(POSITION_FAILED.timeout.message));
    ask.mockImplementationOnce((ok) => at(8)(ok, () => {}));
    await t.user.click(standHere());
    await waitFor(() => expect(status()).toHaveTextContent('accurate to about 8 m'));
  });

  it('types coordinates instead without asking the position at all', async () => {
    const ask = fakeGeolocation(at(5));
    const t = renderEditor();
    await t.user.click(screen.getByRole('button', { name: 'Type coordinates instead' }));
    expect(screen.getByLabelText('Latitude')).toHaveAccessibleDescription(/From -90 \(south\) to 90 \(north\)/);
    expect(screen.getByLabelText('Longitude')).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
  });

  it('says each problem beside its field before any call, and moves focus to the first', async () => {
    const t = renderEditor();
    await t.user.click(screen.getByRole('button', { name: 'Save zone' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription("Please fill in the zone's name.");
    expect(standHere()).toHaveAccessibleDescription(expect.stringContaining(NO_CENTRE.message));
    await waitFor(() => expect(name).toHaveFocus());
    await t.user.click(screen.getByRole('button', { name: 'Type coordinates instead' }));
    await t.user.type(screen.getByLabelText('Latitude'), '91');
    await t.user.type(name, 'Quiet room');
    await t.user.click(screen.getByRole('button', { name: 'Save zone' }));
    expect(screen.getByLabelText('Latitude')).toHaveAccessibleDescription(expect.stringContaining('The latitude must be between -90 and 90.'));
    expect(screen.getByLabelText('Longitude')).toHaveAccessibleDescription(expect.stringContaining('Please fill in the longitude.'));
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('keeps everything typed and says so beside the name when another zone has it', async () => {
    refusal = { status: 409, detail: 'name: this event already has a zone with that name' };
    const t = renderEditor(null, 'Quiet room');
    await t.user.click(screen.getByRole('button', { name: 'Type coordinates instead' }));
    await t.user.type(screen.getByLabelText('Latitude'), '52.5');
    await t.user.type(screen.getByLabelText('Longitude'), '13.4');
    await t.user.type(screen.getByLabelText('Description (optional)'), 'Soft chairs.');
    await t.user.click(screen.getByRole('button', { name: 'Save zone' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription(ZONE_NAME_IN_USE.message));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveValue('Quiet room');
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('Soft chairs.');
    expect(screen.getByLabelText('Latitude')).toHaveValue('52.5');
    expect(screen.getByRole('button', { name: 'Save zone' })).toBeEnabled();
  });

  it('says for the form when the person is not an organizer', async () => {
    refusal = { status: 403, detail: 'The user is not an organizer of the event.' };
    const t = renderEditor(sampleZone());
    await t.user.clear(screen.getByLabelText('Name'));
    await t.user.type(screen.getByLabelText('Name'), 'Calm corner');
    await t.user.click(screen.getByRole('button', { name: 'Save zone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_AN_ORGANIZER.message);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it('edits a zone: its values shown, only what changed sent', async () => {
    const zone = sampleZone();
    const t = renderEditor(zone);
    expect(screen.getByRole('form', { name: 'Edit this zone' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(zone.name);
    expect(screen.getByRole('slider', { name: 'Radius' })).toHaveValue(String(zone.radius_meters));
    expect(status()).toHaveTextContent(/^The centre stays where it is\./);
    await t.user.selectOptions(screen.getByLabelText('Kind of zone'), 'restricted');
    expect(screen.getByLabelText('Kind of zone')).toHaveAccessibleDescription(/hidden from nearby lists/);
    await t.user.click(screen.getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(t.child.getSnapshot().status).toBe('done'));
    expect(sent).toEqual([{ method: 'PUT', path: `/api/events/${event.id}/safe-zones/${zone.id}`, query: ada.id, body: { zone_type: 'restricted' } }]);
  });

  it('cancels without a call', async () => {
    const t = renderEditor();
    await t.user.type(screen.getByLabelText('Name'), 'Quiet room');
    await t.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(flush);
    expect(t.child.getSnapshot().status).toBe('done');
    expect(t.child.getSnapshot().output).toBeNull();
    expect(sent).toEqual([]);
  });
});
