// Vite plugin: after the production build writes dist/, every compressible file of at least 1 KB gets a
// brotli (.br, quality 11) and a gzip (.gz, level 9) sibling. The server's static plugin (preCompressed)
// sends the one the browser accepts, so nothing is compressed per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export const PRECOMPRESS_MIN_BYTES = 1024;
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` (at least `minBytes` long). */
export function precompressDir(dir: string, minBytes = PRECOMPRESS_MIN_BYTES): number {
  let count = 0;
  for (const path of files(dir)) {
    if (!compressible.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < minBytes) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "paddock:precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
