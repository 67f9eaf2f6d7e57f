import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { COMMUNICATION_STYLES } from '../../contract/constants';
import { fieldDomId } from '../../machines/form-errors';
import { chartOf } from '../../machines/lazy-charts';
import {
  STEPS,
  STEPS_FORM,
  selectSaving,
  selectStep,
  type ProfileStepsActorRef,
  type StepField,
} from '../../machines/profile/profile-steps.machine';
import { AppActor } from '../appContext';
import { words } from '../i18n/i18n';
import { PROFILE_STEPS } from '../i18n/en/profile-steps';
import { Field, FormError, SelectField } from './form';
import { DialogAbout, Modal } from './Modal';
import { Button, Row } from './ui';

/** The steps after sign-up (issue 39): shown over the events list while the root runs 'profileSteps'. */
export function ProfileSteps() {
  const steps = AppActor.useSelector((s) => chartOf(s, 'profileSteps'));
  if (!steps) return null;
  return <StepsDialog steps={steps} />;
}

/** The dialog itself (exported for its test). */
export function StepsDialog({ steps }: { steps: ProfileStepsActorRef }) {
  const step = useSelector(steps, selectStep);
  const index = useSelector(steps, (s) => s.context.step);
  const draft = useSelector(steps, (s) => s.context.draft);
  const errors = useSelector(steps, (s) => s.context.errors);
  const saving = useSelector(steps, selectSaving);
  const heading = useRef<HTMLHeadingElement>(null);
  const w = words(PROFILE_STEPS);
  const set = (field: StepField) => (value: string) => steps.send({ type: 'steps.fieldChanged', field, value });
  const prop = (field: StepField) => ({ id: fieldDomId(STEPS_FORM, field), value: draft[field], onChange: set(field), error: errors.fields[field] });

  // A new step is a new question: a screen reader hears it, and Tab goes on from there.
  useEffect(() => {
    if (index > 0) heading.current?.focus();
  }, [index]);

  return (
    <Modal labelledBy="profile-steps-title" describedBy="profile-steps-about" onClose={() => steps.send({ type: 'steps.closed' })}>
      <form
        aria-labelledby="profile-steps-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          steps.send({ type: 'steps.continued' });
        }}
      >
        <Progress>{w.progress(index + 1, STEPS.length)}</Progress>
        <h2 id="profile-steps-title" ref={heading} tabIndex={-1}>
          {w.titles[step.name]}
        </h2>
        <DialogAbout id="profile-steps-about">{step.name === 'photo' ? w.photoAbout : w.about}</DialogAbout>
        {step.name === 'work' && (
          <>
            <Field {...prop('occupation')} label={w.occupation} autoComplete="organization-title" />
            <Field {...prop('age')} label={w.age} inputMode="numeric" />
          </>
        )}
        {step.name === 'interests' && <Field {...prop('interests')} label={w.interests} hint={w.interestsHint} />}
        {step.name === 'meeting' && (
          <>
            <Field {...prop('social_preferences')} label={w.socialPreferences} hint={w.socialPreferencesHint} />
            <SelectField
              {...prop('communication_style')}
              label={w.communicationStyle}
              options={COMMUNICATION_STYLES.map((s) => ({ value: s, label: w.styles[s] }))}
            />
          </>
        )}
        {step.name === 'traits' && <Field {...prop('personality_traits')} label={w.personalityTraits} hint={w.traitsHint} />}
        <FormError form={STEPS_FORM} message={errors.form} />
        <Row>
          {step.name === 'photo' ? (
            <Button type="button" onClick={() => steps.send({ type: 'steps.photoChosen' })}>
              {w.addPhoto}
            </Button>
          ) : (
            <Button type="submit" disabled={saving}>
              {saving ? w.saving : w.continue}
            </Button>
          )}
          <Button type="button" $variant="secondary" disabled={saving} onClick={() => steps.send({ type: 'steps.skipped' })}>
            {w.skip}
          </Button>
        </Row>
        {step.name !== 'photo' && (
          <Later>
            <Button type="button" $variant="link" disabled={saving} onClick={() => steps.send({ type: 'steps.closed' })}>
              {w.later}
            </Button>
          </Later>
        )}
      </form>
    </Modal>
  );
}

const Progress = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Later = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
`;
