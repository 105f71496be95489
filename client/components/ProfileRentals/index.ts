export { OwnRentalsNote } from './OwnRentalsNote';
export { ProfileRentals } from './ProfileRentals';
