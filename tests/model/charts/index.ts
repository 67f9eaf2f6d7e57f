/**
 * Every chart with model-based tests, in the order of the paths document. Each chart's
 * test file (tests/model/<chart>.model.test.tsx) replays the paths its model here
 * generates; `npm run test:paths` writes them all to tests/model/PATHS.md.
 */
import type { ChartModel } from '../harness';
import { adminAnalyticsModel } from './admin-analytics';
import { adminEventModel } from './admin-event';
import { adminEventsModel } from './admin-events';
import { adminReportModel } from './admin-report';
import { adminReportsModel } from './admin-reports';
import { banModel } from './ban';
import { chartLoaderModel } from './chart-loader';
import { chatOutboxModel } from './chat-outbox';
import { connectionRequestModel } from './connection-request';
import { liveChannelModel } from './live-channel';
import { locationPollerModel } from './location-poller';
import { pwaModel } from './pwa';
import { reportModel } from './report';
import { rootModel } from './root';
import { statusModel } from './status';
import { switchboardModel } from './switchboard';
import { toastModel } from './toast';
import { zoneEditorModel } from './zone-editor';

export const CHART_MODELS: readonly ChartModel[] = [
  rootModel,
  connectionRequestModel,
  banModel,
  adminReportsModel,
  adminReportModel,
  adminEventsModel,
  adminEventModel,
  adminAnalyticsModel,
  locationPollerModel,
  liveChannelModel,
  switchboardModel,
  toastModel,
  chartLoaderModel,
  chatOutboxModel,
  pwaModel,
  reportModel,
  statusModel,
  zoneEditorModel,
];
