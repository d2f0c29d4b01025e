/** The Why panel's public face for the diff cards; the pieces are in ./why/. */
export { WhyPanel } from './why/WhyPanel.js';
export { UnmatchedList } from './why/UnmatchedList.js';
export { StepList } from './why/StepList.js';
export { useWhyTrace, type WhyTarget } from './why/use-why-trace.js';
