/**
 * A planner's values kept from one call to the next, by a key that digests exactly what a value
 * is made from: a watch save that changes one search block or one page of cards makes that one
 * again and takes the rest from the last call. Only the last call's values are kept, so the memo
 * never holds more than one site's worth. A cache: it makes a call cheaper, never different.
 */
export function lastCallMemo<T>() {
  let last = new Map<string, T>();
  return {
    /**
     * Runs `use` with `get(key, make)`: the last call's value of `key`, else `make()`. Then keeps
     * the values `use` got, and only those.
     */
    run<R>(use: (get: (key: string, make: () => T) => T) => R): R {
      const current = new Map<string, T>();
      const result = use((key, make) => {
        const value = current.get(key) ?? last.get(key) ?? make();
        current.set(key, value);
        return value;
      });
      last = current;
      return result;
    },
  };
}
