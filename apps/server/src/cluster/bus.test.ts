import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerSkipReason, startRedisServer } from '../test/redis-server';
import type { TestRedis } from '../test/redis-server';
import { Bus } from './bus';
import { decodeUpdateFrame, encodeUpdateFrame } from './update-frame';

// The bus over a real Redis: a batch's frame arrives as the bytes sent, anything else as JSON,
// and what is neither a frame nor JSON reaches nobody as one.

const skip = redisServerSkipReason();

describe.skipIf(skip !== undefined)('the cluster bus', () => {
  let redis: TestRedis;
  const logged: string[] = [];
  const log = (message: string) => void logged.push(message);
  let sender: Bus;
  let receiver: Bus;

  beforeAll(async () => {
    redis = await startRedisServer();
    sender = new Bus(redis.url, log);
    receiver = new Bus(redis.url, log);
    await Promise.all([sender.ready(), receiver.ready()]);
  });
  afterAll(async () => {
    await Promise.all([sender?.close(), receiver?.close()]);
    await redis?.stop();
  });

  it('hands a frame on as bytes and JSON as an object, in the order sent', async () => {
    const heard: unknown[] = [];
    await receiver.subscribe('t', (message) => heard.push(message));
    const frame = {
      from: 'node-1#0a0b0c0d',
      first: 7,
      seq: 9,
      updates: [{ doc: 'gm' as const, bytes: new Uint8Array([0, 1, 2, 123, 255]) }],
    };
    expect(await sender.publish('t', encodeUpdateFrame(frame))).toBe(1);
    expect(await sender.publish('t', { kind: 'head', seq: 9 })).toBe(1);
    // Bytes that open like JSON and are not: logged, handed to nobody.
    expect(await sender.publish('t', Buffer.from('{"kind":'))).toBe(1);
    // Bytes that are not a frame: handed on, and the frame's reader refuses them.
    expect(await sender.publish('t', Buffer.from([1, 200, 0]))).toBe(1);
    await expect.poll(() => heard.length).toBe(3);
    expect(heard[0]).toBeInstanceOf(Uint8Array);
    expect(decodeUpdateFrame(heard[0] as Uint8Array)).toEqual(frame);
    expect(heard[1]).toEqual({ kind: 'head', seq: 9 });
    expect(decodeUpdateFrame(heard[2] as Uint8Array)).toBeUndefined();
    expect(logged).toContain('a malformed cluster message');
  });
});
