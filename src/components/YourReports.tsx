import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { REPORT_REASON_LABELS } from '../../contract/report-texts';
import { selectMyReportsStatus, type MyReportsActorRef } from '../../machines/safety/my-reports.machine';
import { dayAndTime } from './format';
import { LoadState } from './LoadState';
import { Button, Card, Muted, PlainList, Row } from './ui';
import { say, words } from '../i18n/i18n';
import { YOUR_REPORTS } from '../i18n/en/privacy';

/** "Your reports" in privacy settings (issue 16): each report and whether a moderator has reviewed it. */
export function YourReports({ reports }: { reports: MyReportsActorRef }) {
  const status = useSelector(reports, selectMyReportsStatus);
  const list = useSelector(reports, (s) => s.context.reports);
  const hasMore = useSelector(reports, (s) => s.context.hasMore);
  const loadingMore = useSelector(reports, (s) => s.matches('loadingMore'));
  const moreFailed = useSelector(reports, (s) => s.context.moreFailed);
  const w = words(YOUR_REPORTS);
  return (
    <Card aria-labelledby="reports-title">
      <h2 id="reports-title">{w.title}</h2>
      <Muted>{w.about}</Muted>
      <LoadState
        status={status}
        empty={list.length === 0}
        loading={w.loading}
        failed={w.failed}
        retry={() => reports.send({ type: 'myReports.reloaded' })}
        retryVariant="secondary"
        emptyText={w.empty}
      >
        <PlainList aria-label={w.list}>
          {list.map((r) => (
            <Item key={r.id}>
              <Head>
                <strong>
                  {w.things[r.target_type]}: {r.reported_name}
                </strong>
                <State $reviewed={r.status === 'reviewed'}>{w.states[r.status]}</State>
              </Head>
              <Muted as="span">
                {say(REPORT_REASON_LABELS[r.reason])} · {w.reported(dayAndTime(r.created_at))}
                {r.reviewed_at && ` · ${w.reviewed(dayAndTime(r.reviewed_at))}`}
              </Muted>
              {r.note && <Note>“{r.note}”</Note>}
            </Item>
          ))}
        </PlainList>
        {moreFailed && <Muted role="status">{w.moreFailed}</Muted>}
        {hasMore && (
          <Row>
            <Button type="button" $variant="secondary" disabled={loadingMore} onClick={() => reports.send({ type: 'myReports.moreRequested' })}>
              {loadingMore ? w.loadingMore : w.showOlder}
            </Button>
          </Row>
        )}
      </LoadState>
    </Card>
  );
}

const Item = styled.li`
  padding: ${({ theme }) => theme.space(3)} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
  > span { display: block; font-size: ${({ theme }) => theme.font.size.small}; margin: 0; }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(1)};
`;

const State = styled.span<{ $reviewed: boolean }>`
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.small};
  background: ${({ theme, $reviewed }) => ($reviewed ? theme.colors.successSurface : theme.colors.infoSurface)};
  color: ${({ theme, $reviewed }) => ($reviewed ? theme.colors.success : theme.colors.info)};
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  white-space: pre-wrap;
  font-size: ${({ theme }) => theme.font.size.small};
`;
