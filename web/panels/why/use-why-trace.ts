/** Loads Why traces from the worker (`why` request via preview.ts's `explainWhy`). */
import { useEffect, useState } from 'react';
import type { WhyTrace } from '../../../engine/worker/protocol.js';
import { explainWhy } from '../../engine/preview.js';

export interface WhyTarget {
  readonly command: number;
  readonly statement: number;
  readonly documentId?: string;
}

export function loadWhy(target: WhyTarget): Promise<WhyTrace | string> {
  const { command, statement, documentId } = target;
  return explainWhy(documentId === undefined ? { command, statement } : { command, statement, documentId });
}

/** Loads the trace for `target` once (the panel is mounted only while open). */
export function useWhyTrace(target: WhyTarget): WhyTrace | string | null {
  const [trace, setTrace] = useState<WhyTrace | string | null>(null);
  const { command, statement, documentId } = target;
  useEffect(() => {
    let live = true;
    void loadWhy(documentId === undefined ? { command, statement } : { command, statement, documentId }).then((t) => {
      if (live) setTrace(t);
    });
    return () => {
      live = false;
    };
  }, [command, statement, documentId]);
  return trace;
}
