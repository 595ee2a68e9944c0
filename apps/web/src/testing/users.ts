import type { MeDto, UserDto } from '@hatid/domain';

/** A signed-in customer as the API answers `/users/me`, for web tests; override what a test is about. */
export function userDto(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 'u1',
    firstName: 'Ana',
    lastName: 'Reyes',
    name: 'Ana Reyes',
    mobileNumber: '+639170000005',
    email: null,
    emailVerified: false,
    accountType: 'individual',
    businessName: null,
    businessId: null,
    agentCode: null,
    usedAgentCode: null,
    status: 'ACTIVE',
    isEmployee: false,
    roles: [{ id: 1, name: 'customer' }],
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** As `userDto`, with what only the person themself sees (a pending email, their language). */
export function meDto(overrides: Partial<MeDto> = {}): MeDto {
  return { ...userDto(), pendingEmail: null, language: null, ...overrides };
}
