/** Sample answers of the reporter's calls (issue 16). */
import type { MyReport } from '../../../contract/reports';

/** One of the user's reports, the n-th (its id), open unless told otherwise. */
export const sampleMyReport = (n: number, overrides: Partial<MyReport> = {}): MyReport => ({
  id: `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  target_type: 'message',
  target_id: 'c0000000-0000-4000-8000-000000000001',
  reported_name: 'Sam Reed',
  reason: 'harassment',
  note: null,
  status: 'open',
  created_at: '2030-05-01T18:00:00.000Z',
  reviewed_at: null,
  ...overrides,
});
