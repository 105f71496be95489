export { OwnRentalsNote } from './OwnRentalsNote';
export { ProfileRentals } from './ProfileRentals';
export { RentalHistory } from './RentalHistory';
