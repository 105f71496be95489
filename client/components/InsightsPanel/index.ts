export { InsightsPanel } from './InsightsPanel';
