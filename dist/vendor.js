import { createRequire as __pgCreateRequire } from 'node:module'; const require = __pgCreateRequire(import.meta.url); const __filename = import.meta.filename; const __dirname = import.meta.dirname;
import {
  tool_cache_exports
} from "./chunks/chunk-LAPVET4M.js";
import {
  commander_exports
} from "./chunks/chunk-U5P72HHF.js";
import {
  build_exports,
  dist_bundle_exports as dist_bundle_exports2,
  require_build,
  require_dist,
  require_ignore,
  require_lib,
  require_lib2,
  require_lib3,
  require_lib4,
  resvg_wasm_exports,
  vega_module_exports,
  zod_exports
} from "./chunks/chunk-HKIATO7U.js";
import {
  core_exports,
  dist_bundle_exports,
  github_exports
} from "./chunks/chunk-QQBD5VOR.js";
import {
  __toESM
} from "./chunks/chunk-X43ZVNN6.js";

// src/vendor-chunk.ts
var import_dockerignore = __toESM(require_ignore(), 1);
var import_stats_base_dists_normal_quantile = __toESM(require_lib(), 1);
var import_stats_base_dists_t_cdf = __toESM(require_lib2(), 1);
var import_stats_base_dists_t_quantile = __toESM(require_lib3(), 1);
var import_stats_wilcoxon = __toESM(require_lib4(), 1);
var testcontainers = __toESM(require_build(), 1);
var yaml = __toESM(require_dist(), 1);
var export_dockerignore = import_dockerignore.default;
var export_normalQuantile = import_stats_base_dists_normal_quantile.default;
var export_tCdf = import_stats_base_dists_t_cdf.default;
var export_tQuantile = import_stats_base_dists_t_quantile.default;
var export_wilcoxon = import_stats_wilcoxon.default;
export {
  core_exports as actionsCore,
  github_exports as actionsGithub,
  tool_cache_exports as actionsToolCache,
  commander_exports as commander,
  export_dockerignore as dockerignore,
  export_normalQuantile as normalQuantile,
  dist_bundle_exports as octokitRetry,
  dist_bundle_exports2 as octokitThrottling,
  resvg_wasm_exports as resvg,
  export_tCdf as tCdf,
  export_tQuantile as tQuantile,
  testcontainers,
  vega_module_exports as vega,
  build_exports as vegaLite,
  export_wilcoxon as wilcoxon,
  yaml,
  zod_exports as zod
};
