import { describe, expect, it } from 'vitest';
import { makeUser } from '../../testing/makeUser';
import { completeProfileRequest, profileFormFrom } from './profileForm';

describe('profile wizard form', () => {
  it('starts from the stored profile', () => {
    const user = makeUser({
      displayName: 'Ana',
      profile: {
        phoneNumber: '123',
        jobTitle: 'Embryologist',
        department: null,
        organization: 'Clinic',
      },
    });
    expect(profileFormFrom(user)).toEqual({
      displayName: 'Ana',
      phoneNumber: '123',
      jobTitle: 'Embryologist',
      department: '',
      organization: 'Clinic',
    });
  });

  it('marks the profile completed, sends blanks as null and keeps the name when left empty', () => {
    expect(
      completeProfileRequest({
        displayName: ' ',
        phoneNumber: '',
        jobTitle: ' Lab lead ',
        department: '',
        organization: 'Clinic',
      }),
    ).toEqual({
      phoneNumber: null,
      jobTitle: 'Lab lead',
      department: null,
      organization: 'Clinic',
      profileCompleted: true,
    });
  });
});
