import { Migration20261121000000_initial } from './Migration20261121000000_initial';
import { Migration20261122000000_insights_indexes } from './Migration20261122000000_insights_indexes';
import { Migration20261122010000_rentals_covering_index } from './Migration20261122010000_rentals_covering_index';
import { Migration20261122030000_insights_collection } from './Migration20261122030000_insights_collection';
import { Migration20261122040000_books_search_index } from './Migration20261122040000_books_search_index';
import { Migration20261122050000_books_title_order_index } from './Migration20261122050000_books_title_order_index';
import { Migration20261124000000_books_library_trigrams } from './Migration20261124000000_books_library_trigrams';
import { Migration20261125000000_books_search_keys } from './Migration20261125000000_books_search_keys';
import { Migration20261126000000_library_trigrams_plpgsql } from './Migration20261126000000_library_trigrams_plpgsql';
import { Migration20261127000000_library_names_unique } from './Migration20261127000000_library_names_unique';
import { Migration20261128000000_search_folds_accents } from './Migration20261128000000_search_folds_accents';
import { Migration20261129000000_sort_folds_accents } from './Migration20261129000000_sort_folds_accents';
import { Migration20261130000000_search_folds_punctuation } from './Migration20261130000000_search_folds_punctuation';
import { Migration20261201000000_library_create_keys } from './Migration20261201000000_library_create_keys';
import { Migration20261202000000_library_names_unique_nfkc } from './Migration20261202000000_library_names_unique_nfkc';
import { Migration20261203000000_staff_invitations } from './Migration20261203000000_staff_invitations';

/** Every migration, in order. Listed here (not globbed) so the bundled server carries them. */
export const migrationsList = [
  { name: 'Migration20261121000000_initial', class: Migration20261121000000_initial },
  { name: 'Migration20261122000000_insights_indexes', class: Migration20261122000000_insights_indexes },
  { name: 'Migration20261122010000_rentals_covering_index', class: Migration20261122010000_rentals_covering_index },
  { name: 'Migration20261122030000_insights_collection', class: Migration20261122030000_insights_collection },
  { name: 'Migration20261122040000_books_search_index', class: Migration20261122040000_books_search_index },
  { name: 'Migration20261122050000_books_title_order_index', class: Migration20261122050000_books_title_order_index },
  { name: 'Migration20261124000000_books_library_trigrams', class: Migration20261124000000_books_library_trigrams },
  { name: 'Migration20261125000000_books_search_keys', class: Migration20261125000000_books_search_keys },
  { name: 'Migration20261126000000_library_trigrams_plpgsql', class: Migration20261126000000_library_trigrams_plpgsql },
  { name: 'Migration20261127000000_library_names_unique', class: Migration20261127000000_library_names_unique },
  { name: 'Migration20261128000000_search_folds_accents', class: Migration20261128000000_search_folds_accents },
  { name: 'Migration20261129000000_sort_folds_accents', class: Migration20261129000000_sort_folds_accents },
  { name: 'Migration20261130000000_search_folds_punctuation', class: Migration20261130000000_search_folds_punctuation },
  { name: 'Migration20261201000000_library_create_keys', class: Migration20261201000000_library_create_keys },
  { name: 'Migration20261202000000_library_names_unique_nfkc', class: Migration20261202000000_library_names_unique_nfkc },
  { name: 'Migration20261203000000_staff_invitations', class: Migration20261203000000_staff_invitations },
];
