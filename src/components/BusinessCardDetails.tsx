import styled from 'styled-components';
import type { BusinessCard } from '../../contract/plans';
import { filledFields, type CardField } from '../../machines/profile/business-card.machine';
import { words } from '../i18n/i18n';
import { BUSINESS_CARD } from '../i18n/en/business-card';

/** The server accepts only http(s) addresses; anything else is shown as text, never linked. */
const isWebAddress = (s: string) => /^https?:\/\//i.test(s);

function value(field: CardField, text: string) {
  if (field === 'email') return <a href={`mailto:${text}`}>{text}</a>;
  if (field === 'phone') return <a href={`tel:${text.replace(/[^0-9+]/g, '')}`}>{text}</a>;
  if ((field === 'linkedin' || field === 'website') && isWebAddress(text))
    return (
      <a href={text} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    );
  return text;
}

/** A business card's filled fields, as its owner and their connections see it. */
export function BusinessCardDetails({ card }: { card: BusinessCard }) {
  const fields = filledFields(card).filter(([f]) => f !== 'title' && f !== 'company' && f !== 'bio');
  const role = [card.title, card.company].filter((s) => s.trim() !== '').join(' · ');
  const labels = words(BUSINESS_CARD).labels;
  return (
    <>
      <Name>{card.name}</Name>
      {role && <Role>{role}</Role>}
      {card.bio.trim() && <Bio>{card.bio}</Bio>}
      {fields.length > 0 && (
        <Details>
          {fields.map(([f, text]) => (
            <div key={f}>
              <dt>{labels[f]}</dt>
              <dd>{value(f, text)}</dd>
            </div>
          ))}
        </Details>
      )}
    </>
  );
}

const Name = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Role = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bio = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  > div { display: contents; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  a { color: ${({ theme }) => theme.colors.primary}; }
`;
