import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadBudget } from './read-budget';

afterEach(() => {
  vi.useRealTimers();
});

describe("ReadBudget: what one table's readers may cost", () => {
  it('answers at once within the burst, then as fast as the rate refills it', () => {
    vi.useFakeTimers();
    let now = 0;
    const budget = new ReadBudget(1000, 2000, () => now);
    const sent: string[] = [];
    const answer = (name: string, bytes: number) => () => {
      sent.push(name);
      return bytes;
    };
    budget.request({}, answer('a', 1500));
    budget.request({}, answer('b', 1500)); // overdraws: 500 left before it, -1000 after
    budget.request({}, answer('c', 100));
    expect(sent).toEqual(['a', 'b']);
    expect(budget.queued).toBe(1);
    now = 900;
    vi.advanceTimersByTime(900);
    expect(sent).toEqual(['a', 'b']); // still in debt (-100)
    now = 1100;
    vi.advanceTimersByTime(200);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(budget.queued).toBe(0);
  });

  it('keeps one request per connection: asking again moves it behind everyone else', () => {
    vi.useFakeTimers();
    let now = 0;
    const budget = new ReadBudget(1000, 1000, () => now);
    const sent: string[] = [];
    const hammer = {};
    const patient = {};
    budget.request(hammer, () => (sent.push('hammer 1'), 2000));
    budget.request(hammer, () => (sent.push('hammer 2'), 2000));
    budget.request(patient, () => (sent.push('patient'), 2000));
    budget.request(hammer, () => (sent.push('hammer 3'), 2000));
    expect(sent).toEqual(['hammer 1']);
    expect(budget.queued).toBe(2);
    now = 1001;
    vi.advanceTimersByTime(1001);
    expect(sent).toEqual(['hammer 1', 'patient']);
    now = 3002;
    vi.advanceTimersByTime(2001);
    expect(sent).toEqual(['hammer 1', 'patient', 'hammer 3']);
  });

  it('forgets a connection that closed', () => {
    vi.useFakeTimers();
    let now = 0;
    const budget = new ReadBudget(1000, 1000, () => now);
    const gone = {};
    let answered = 0;
    budget.request({}, () => 5000);
    budget.request(gone, () => ++answered);
    budget.forget(gone);
    now = 10_000;
    vi.advanceTimersByTime(10_000);
    expect(answered).toBe(0);
    expect(budget.queued).toBe(0);
  });
});
