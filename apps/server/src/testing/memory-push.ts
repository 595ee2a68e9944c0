import type { PushMessage, PushResult, PushSender, PushTarget } from '../platform/push/index.js';

/** Records every push; `answer` decides what the push service says for an endpoint (default: delivered). */
export class MemoryPush implements PushSender {
  readonly name = 'memory';
  readonly publicKey = 'BMemoryPushPublicKeyForTests';
  readonly sent: { target: PushTarget; message: PushMessage }[] = [];
  answer: (endpoint: string) => PushResult = () => ({ ok: true });

  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    this.sent.push({ target, message });
    return this.answer(target.endpoint);
  }
}
