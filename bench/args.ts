/**
 * A bench script's options: `--name=value` (the value may itself hold `=`, as in `--env-b=K=V`) and bare
 * `--flag` (present, with no value: test it with `'flag' in args`).
 */
export function benchArgs(argv: readonly string[] = process.argv.slice(2)): Record<string, string | undefined> {
  return Object.fromEntries(
    argv.map((arg) => {
      const [key, ...value] = arg.replace(/^--/, '').split('=');
      return [key!, value.length > 0 ? value.join('=') : undefined];
    }),
  );
}
