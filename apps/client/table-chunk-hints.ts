import type { Plugin } from 'vite';

/** What this plugin reads of a Rollup output chunk or asset. */
interface OutputFile {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Names, in a `<meta name="fateboard-table-chunks">` of the built index.html, the chunks a
 * table loads as it opens (the modules in `entries`, their static imports and their styles),
 * less what the page loads up front anyway. public/early-start.js, which runs while the
 * client's scripts download, starts fetching them on a table's link: a phone on a slow link
 * otherwise asked for them only once the client had run, a second wave of requests about a
 * second after the first, with the document's socket queued behind it. Data, not a script:
 * the page's Content-Security-Policy allows no inline script.
 */
export function tableChunkHints(entries: readonly string[]): Plugin {
  return {
    name: 'fateboard-table-chunk-hints',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as Record<string, OutputFile> | undefined;
        if (!bundle) return [];
        const files = Object.values(bundle);
        const reach = (start: readonly OutputFile[]): Set<string> => {
          const seen = new Set<string>();
          const visit = (file: OutputFile | undefined) => {
            if (!file || file.type !== 'chunk' || seen.has(file.fileName)) return;
            seen.add(file.fileName);
            for (const css of file.viteMetadata?.importedCss ?? []) seen.add(css);
            for (const name of file.imports ?? []) visit(bundle[name]);
          };
          for (const file of start) visit(file);
          return seen;
        };
        const upFront = reach(files.filter((f) => f.isEntry));
        const opening = files.filter((f) =>
          entries.some((entry) => f.facadeModuleId?.endsWith(entry)),
        );
        if (opening.length !== entries.length) {
          throw new Error(
            `table chunk hints: found ${opening.length} of ${entries.length} entries`,
          );
        }
        const names = [...reach(opening)].filter((name) => !upFront.has(name));
        return [
          {
            tag: 'meta',
            attrs: { name: 'fateboard-table-chunks', content: names.map((n) => `/${n}`).join(' ') },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
