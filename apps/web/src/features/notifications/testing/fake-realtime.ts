import { act } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from '../../../lib/realtime';

/**
 * A stand-in for lib/realtime's hook, for tests that `vi.mock('../../../lib/realtime', …)` with it: components
 * subscribe as they would to the WebSocket, and `emit` delivers an event the way the connection does (one
 * event object to every listener of its channel).
 */
type Listener = (event: RealtimeEvent) => void;
const listeners = new Map<string, Set<{ current: Listener }>>();

export function useRealtimeChannel(channel: string | null | undefined, onEvent: Listener) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!channel) return;
    const set = listeners.get(channel) ?? new Set();
    listeners.set(channel, set);
    set.add(handler);
    return () => void set.delete(handler);
  }, [channel]);
}

export function subscribedChannels(): string[] {
  return [...listeners.entries()].filter(([, set]) => set.size > 0).map(([channel]) => channel);
}

export function emit(channel: string, type: string, payload: Record<string, unknown> = {}) {
  const event: RealtimeEvent = { type, channel, payload, at: new Date().toISOString() };
  act(() => {
    for (const handler of [...(listeners.get(channel) ?? [])]) handler.current(event);
  });
}
