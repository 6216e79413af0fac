/** The counting-statistics intervals live in contracts, so the web app's bench counts use the same ones. */
export { Z_95, chiSquareUpperQuantile, poissonInterval, wilsonInterval } from '@sarm/contracts';
