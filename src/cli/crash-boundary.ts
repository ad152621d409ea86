// A render error must take the crash path too. Ink's own error boundary
// would draw the error with its stack and source lines on the screen (an
// error message may carry anything, the token included); this one draws
// nothing, so the frame is erased, and hands the error to the crash guard.
//
// Also the test hook AEP_CONSOLE_TEST_CRASH (documented in the README, for
// tests of the crash path end to end): after the first frame the running UI
// fails on purpose, as an uncaught `exception`, an unhandled `rejection`, or
// a `render` error. The error message carries the token, so tests can prove
// it is scrubbed.

import React from 'react';

interface BoundaryProps {
  onCrash: (error: unknown) => void;
  children?: React.ReactNode;
}

export class CrashBoundary extends React.Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // Out of React's commit phase: the crash path unmounts the tree.
    setImmediate(() => this.props.onCrash(error));
  }

  override render(): React.ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

const TEST_CRASH_AFTER_MS = 300;

export type TestCrashMode = 'exception' | 'rejection' | 'render';

export function testCrashMode(env: NodeJS.ProcessEnv): TestCrashMode | undefined {
  const mode = env.AEP_CONSOLE_TEST_CRASH;
  return mode === 'exception' || mode === 'rejection' || mode === 'render' ? mode : undefined;
}

function testError(token: string | undefined): Error {
  return new Error(`AEP_CONSOLE_TEST_CRASH: deliberate failure; token ${token ?? '(none)'} (must be scrubbed)`);
}

/** Starts the failure for `exception` and `rejection`; `render` is done by <CrashProbe>. */
export function scheduleTestCrash(mode: TestCrashMode, token: string | undefined): void {
  if (mode === 'exception') {
    setTimeout(() => {
      throw testError(token);
    }, TEST_CRASH_AFTER_MS);
  } else if (mode === 'rejection') {
    setTimeout(() => void Promise.reject(testError(token)), TEST_CRASH_AFTER_MS);
  }
}

/** Renders nothing, then throws while rendering. */
export function CrashProbe({ token }: { token: string | undefined }): null {
  const [armed, setArmed] = React.useState(false);
  React.useEffect(() => {
    const timer = setTimeout(() => setArmed(true), TEST_CRASH_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (armed) throw testError(token);
  return null;
}
