export * from './user';
export * from './session';
export * from './library';
export * from './book';
export * from './rental';
export * from './review';
export * from './auth';

import { UserEntity } from './user';
import { SessionEntity } from './session';
import { LibraryEntity, LibraryMemberEntity, LibraryStaffEntity, StaffInvitationEntity } from './library';
import { BookEntity } from './book';
import { RentalEntity } from './rental';
import { ReviewEntity } from './review';
import { IsbnLookupEntity, OAuthAccountEntity, OAuthStateEntity, RateLimitEntity, TemporaryTokenEntity } from './auth';

export const entities = [
  UserEntity,
  SessionEntity,
  LibraryEntity,
  LibraryStaffEntity,
  StaffInvitationEntity,
  LibraryMemberEntity,
  BookEntity,
  RentalEntity,
  ReviewEntity,
  OAuthAccountEntity,
  TemporaryTokenEntity,
  OAuthStateEntity,
  RateLimitEntity,
  IsbnLookupEntity,
];
