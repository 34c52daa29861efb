import { describe, expect, it } from 'vitest';
import { GroupedWriter } from './grouped-writer.js';

/** A write that records its groups and answers when `release` is called. */
function gated(fail: (items: number[]) => boolean = () => false) {
  const groups: number[][] = [];
  const releases: (() => void)[] = [];
  const write = (items: number[]) => {
    groups.push([...items]);
    return new Promise<number[]>((resolve, reject) => {
      releases.push(() =>
        fail(items) ? reject(new Error(`bad ${items.join(',')}`)) : resolve(items.map((i) => i * 10)),
      );
    });
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { groups, write, releaseAll };
}

describe('GroupedWriter', () => {
  it('writes at once when idle, then every item that came meanwhile in one group, each answered in order', async () => {
    const g = gated();
    const writer = new GroupedWriter<number, number>({ write: g.write, maxGroup: 10 });
    const answers = Promise.all([1, 2, 3, 4].map((i) => writer.add(i)));
    await g.releaseAll();
    expect(await answers).toEqual([10, 20, 30, 40]);
    expect(g.groups).toEqual([[1], [2, 3, 4]]);
  });

  it('cuts groups at maxGroup and runs up to `concurrency` writes at once', async () => {
    const g = gated();
    const writer = new GroupedWriter<number, number>({ write: g.write, maxGroup: 2, concurrency: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5, 6].map((i) => writer.add(i)));
    expect(g.groups).toEqual([[1], [2]]);
    await g.releaseAll();
    await answers;
    expect(g.groups.flat().sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Math.max(...g.groups.map((group) => group.length))).toBe(2);
  });

  it("'all' fails every item of a failed group; 'each' writes them again one by one", async () => {
    const bad = (items: number[]) => items.includes(3);
    /** Adds 1 to 4 (3 cannot be written) and answers how each ended. */
    const outcomes = async (g: ReturnType<typeof gated>, writer: GroupedWriter<number, number>) => {
      const answers = Promise.allSettled([1, 2, 3, 4].map((i) => writer.add(i)));
      await g.releaseAll();
      return (await answers).map((r) => r.status === 'fulfilled');
    };
    const all = gated(bad);
    const allWriter = new GroupedWriter<number, number>({ write: all.write, maxGroup: 10 });
    expect(await outcomes(all, allWriter)).toEqual([true, false, false, false]);

    const each = gated(bad);
    let written = 0;
    const eachWriter = new GroupedWriter<number, number>({
      write: each.write,
      maxGroup: 10,
      onGroupError: 'each',
      onWritten: () => (written += 1),
    });
    expect(await outcomes(each, eachWriter)).toEqual([true, true, false, true]);
    expect(each.groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(written).toBe(3);
  });

  it('settled() waits for the items in flight and waiting', async () => {
    const g = gated();
    const writer = new GroupedWriter<number, number>({ write: g.write, maxGroup: 10 });
    await writer.settled();
    let done = false;
    void writer.add(1);
    void writer.add(2);
    const settled = writer.settled().then(() => (done = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    await g.releaseAll();
    await settled;
    expect(g.groups).toEqual([[1], [2]]);
  });
});
