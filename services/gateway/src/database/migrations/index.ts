import { CreateUsers1795300000000 } from './1795300000000-create-users';

/** Every migration, oldest first. */
export const MIGRATIONS = [CreateUsers1795300000000];
