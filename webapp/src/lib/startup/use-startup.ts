import * as calls from './calls';
import { provideStartupCalls } from './run';

// The start-up's account for the pages that read it (a guarded page's components): importing the hook from
// here puts the start-up's calls (lib/startup/calls.ts) in the page's own scripts, so its first step does
// not download them again (the shell, on every page, loads them on demand: run.ts).
provideStartupCalls(calls);

export { useStartup } from './StartupProvider';
