export { WholeBadge } from './WholeBadge';
