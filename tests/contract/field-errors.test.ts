/** The one mapping from the contract's field details to sentences people use. */
import { asWritten } from '../../contract/said';
import { describe, expect, it } from 'vitest';
import { fieldWords, plainDetail, plainFieldMessage, splitFieldDetail } from '../../contract/field-errors';

describe('splitFieldDetail', () => {
  it('splits "field: rule", nested paths included', () => {
    expect(splitFieldDetail('email: must be a valid email address')).toEqual({ field: 'email', message: 'must be a valid email address' });
    expect(splitFieldDetail('contact_data.email: must be a valid email address')).toEqual({
      field: 'contact_data.email',
      message: 'must be a valid email address',
    });
    expect(splitFieldDetail('interests.3: Too big: expected string to have <=40 characters')).toEqual({
      field: 'interests.3',
      message: 'Too big: expected string to have <=40 characters',
    });
  });

  it('leaves a sentence that names no field alone', () => {
    expect(splitFieldDetail('That username is already taken')).toBeNull();
    expect(splitFieldDetail('Incorrect username/email or password')).toBeNull();
    expect(splitFieldDetail('Too many attempts. Please wait a moment and try again.')).toBeNull();
  });
});

describe('plainDetail: the issue’s examples and the contract’s rules', () => {
  it.each([
    ['email: must be a valid email address', 'Please enter an email address like name@example.com.'],
    ['current_password: the current password is not correct', "That isn't your current password. Please check it and try again."],
    ['contact_data: needs at least one of phone', 'Please fill in your phone number.'],
    ['contact_data: needs at least one of instagram, twitter', 'Please fill in your Instagram handle or your Twitter handle.'],
    ['contact_data: needs at least one of linkedin, company', 'Please fill in your LinkedIn address or your company.'],
    ['linkedin: must be a web address starting with http:// or https://', 'Please enter your LinkedIn address as a full web address, starting with https://.'],
    ['username: must be at least 3 characters long', 'Your username needs at least 3 characters.'],
    ['username: may use letters, digits, dots, dashes and underscores only', 'Your username may only use letters, digits, dots, dashes and underscores.'],
    ['password: must be at least 6 characters long', 'Your password needs at least 6 characters.'],
    ['new_password: must differ from the current password', 'Please choose a new password that is different from your current one.'],
    ['name: is required', 'Please fill in your name.'],
    ['reason: is required', 'Please fill in a reason.'],
    ['age: must be at least 13', 'You need to be at least 13 to use Wallflower.'],
    ['bio: must be at most 500 characters', 'Your bio can be at most 500 characters long.'],
    ['phone: may use digits, spaces and + ( ) - . only', 'Your phone number may only use digits, spaces and + ( ) - .'],
    ['end_time: must be after the start time', 'The end time must be after the start time.'],
    ['end_time: must be in the future', 'The end time must be in the future.'],
    ['start_time: must be a date and time', 'Please choose the start time: a date and a time.'],
    ['start_time: must be a date between 1970 and 9999', 'Please choose the start time: a date between 1970 and 9999.'],
    ['event_type: must be one of party, conference, sports, networking', 'Please choose an event type from the list.'],
    ['duration_days: must be between 1 and 365', 'The number of days must be between 1 and 365.'],
    ['interests: at most 20 items', 'Your interests can have at most 20 items.'],
    ['age_range: minimum must not exceed maximum', "The lowest age can't be above the highest."],
    ['query: Too big: expected string to have <=100 characters', 'Your search can be at most 100 characters long.'],
    ['interests.2: Too big: expected string to have <=40 characters', 'Your interests can be at most 40 characters long.'],
    ['new_password: must be at least 8 characters with upper case, lower case and digits', 'Your new password needs at least 8 characters, with upper case, lower case and digits.'],
  ])('%s → %s', (detail, sentence) => {
    expect(plainDetail(detail).message).toBe(sentence);
  });

  it('keeps a sentence without a field exactly as it is (SPEC 8 strings among them)', () => {
    const spec = 'An event already exists at this location and time. Please choose a different time or location.';
    expect(plainDetail(spec).message).toBe(spec);
    expect(plainDetail('That username is already taken').message).toBe('That username is already taken');
  });

  it('never leaves a field name in code form, even for a rule it has no sentence for', () => {
    const said = plainFieldMessage('professional_industry', 'is odd').message;
    expect(said).toBe('An industry is odd.');
    expect(plainFieldMessage('some_new_field', 'is odd').message).toBe('The some new field is odd.');
    expect(said).not.toMatch(/_/);
  });

  it('says each sentence by its message id, with the field as a sentence of its own and the numbers as values', () => {
    expect(plainDetail('interests: at most 20 items')).toEqual({
      id: 'fieldRule.maxItems',
      message: 'Your interests can have at most 20 items.',
      values: { field: { id: 'field.interests.subject', message: 'Your interests' }, many: 'yes', n: 20 },
    });
    expect(plainDetail('event_type: is required')).toEqual({
      id: 'fieldRule.fillIn',
      message: 'Please fill in an event type.',
      values: { field: { id: 'field.eventType.object', message: 'an event type' }, chosen: 'yes' },
    });
    // A rule with no sentence of its own is said as written in every language.
    expect(plainFieldMessage('some_new_field', 'is odd')).toEqual(asWritten('The some new field is odd.'));
  });

  it('names nested and indexed fields by their last word', () => {
    expect(fieldWords('contact_data.email').object.message).toBe('your email address');
    expect(fieldWords('interests.4').subject.message).toBe('Your interests');
  });
});
