export * from './common';
export * from './user';
export * from './library';
export * from './book';
export * from './rental';
export * from './review';
export * from './customer';
export * from './insights';
