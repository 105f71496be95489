import { Migration20261121000000_initial } from './Migration20261121000000_initial';

/** Every migration, in order. Listed here (not globbed) so the bundled server carries them. */
export const migrationsList = [{ name: 'Migration20261121000000_initial', class: Migration20261121000000_initial }];
