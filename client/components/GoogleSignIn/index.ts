export { GoogleSignIn } from './GoogleSignIn';
