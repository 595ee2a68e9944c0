import type { UserDto } from '@hatid/domain';
import { accessFor } from '../../lib/ability';
import { canOpenPath, canUseRiderApp, landingPath, type ScreenPath } from './screens';

/**
 * What the console's route guards need, loaded with the console (the CASL rules and the screen list stay
 * out of a customer's first visit): the abilities, which screens open, and where this person lands.
 */
export function consoleAccess(user: Pick<UserDto, 'roles'>) {
  const access = accessFor(user);
  return {
    access,
    canOpen: (path: ScreenPath) => canOpenPath(access, path),
    usesRiderApp: canUseRiderApp(access),
    landing: landingPath(access),
  };
}
export type ConsoleAccess = ReturnType<typeof consoleAccess>;
