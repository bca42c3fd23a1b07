import { createRequire as __pgCreateRequire } from 'node:module'; const require = __pgCreateRequire(import.meta.url); const __filename = import.meta.filename; const __dirname = import.meta.dirname;
import {
  ConfigError,
  InfrastructureError,
  K6_VERSION,
  K6_VERSION_PATTERN,
  checkBaseline,
  commentMarker,
  describeFailure,
  external_exports,
  findK6,
  guardInterrupts,
  k6FlagProblem,
  loadConfig,
  looksSecret,
  normalizeK6Version,
  parseThreshold,
  parseUntrustedResults,
  prepareOutDir,
  readTextCapped,
  renderJobSummary,
  renderMarkdown,
  runGate,
  splitK6Flags,
  writeArtifacts
} from "./chunks/chunk-APYOG677.js";
import {
  HttpClient,
  core_exports,
  cp,
  debug,
  exec,
  getBooleanInput,
  getInput,
  getOctokit,
  group,
  info,
  isDebug,
  mkdirP,
  require_light,
  retry,
  rmRF,
  setFailed,
  setOutput,
  setSecret,
  summary,
  warning,
  which
} from "./chunks/chunk-5ZTIDEF2.js";
import "./chunks/chunk-PZ7PP2ZW.js";
import {
  __commonJS,
  __toESM
} from "./chunks/chunk-X43ZVNN6.js";

// node_modules/semver/internal/constants.js
var require_constants = __commonJS({
  "node_modules/semver/internal/constants.js"(exports, module) {
    "use strict";
    var SEMVER_SPEC_VERSION = "2.0.0";
    var MAX_LENGTH = 256;
    var MAX_SAFE_INTEGER = Number.MAX_SAFE_INTEGER || /* istanbul ignore next */
    9007199254740991;
    var MAX_SAFE_COMPONENT_LENGTH = 16;
    var MAX_SAFE_BUILD_LENGTH = MAX_LENGTH - 6;
    var WHITESPACE_CHARACTERS = [
      "	",
      "\n",
      "\v",
      "\f",
      "\r",
      " ",
      "\xA0",
      "\u1680",
      "\u2000",
      "\u2001",
      "\u2002",
      "\u2003",
      "\u2004",
      "\u2005",
      "\u2006",
      "\u2007",
      "\u2008",
      "\u2009",
      "\u200A",
      "\u2028",
      "\u2029",
      "\u202F",
      "\u205F",
      "\u3000",
      "\uFEFF"
    ];
    var RELEASE_TYPES = [
      "major",
      "premajor",
      "minor",
      "preminor",
      "patch",
      "prepatch",
      "prerelease"
    ];
    module.exports = {
      MAX_LENGTH,
      MAX_SAFE_COMPONENT_LENGTH,
      MAX_SAFE_BUILD_LENGTH,
      MAX_SAFE_INTEGER,
      WHITESPACE_CHARACTERS,
      RELEASE_TYPES,
      SEMVER_SPEC_VERSION,
      FLAG_INCLUDE_PRERELEASE: 1,
      FLAG_LOOSE: 2
    };
  }
});

// node_modules/semver/internal/debug.js
var require_debug = __commonJS({
  "node_modules/semver/internal/debug.js"(exports, module) {
    "use strict";
    var debug2 = typeof process === "object" && process.env && process.env.NODE_DEBUG && /\bsemver\b/i.test(process.env.NODE_DEBUG) ? (...args) => console.error("SEMVER", ...args) : () => {
    };
    module.exports = debug2;
  }
});

// node_modules/semver/internal/re.js
var require_re = __commonJS({
  "node_modules/semver/internal/re.js"(exports, module) {
    "use strict";
    var {
      MAX_SAFE_COMPONENT_LENGTH,
      MAX_SAFE_BUILD_LENGTH,
      MAX_LENGTH
    } = require_constants();
    var debug2 = require_debug();
    exports = module.exports = {};
    var re = exports.re = [];
    var safeRe = exports.safeRe = [];
    var src = exports.src = [];
    var safeSrc = exports.safeSrc = [];
    var t = exports.t = {};
    var R = 0;
    var LETTERDASHNUMBER = "[a-zA-Z0-9-]";
    var safeRegexReplacements = [
      ["\\s", 1],
      ["\\d", MAX_LENGTH],
      [LETTERDASHNUMBER, MAX_SAFE_BUILD_LENGTH]
    ];
    var makeSafeRegex = (value) => {
      for (const [token, max] of safeRegexReplacements) {
        value = value.split(`${token}*`).join(`${token}{0,${max}}`).split(`${token}+`).join(`${token}{1,${max}}`);
      }
      return value;
    };
    var createToken = (name, value, isGlobal) => {
      const safe = makeSafeRegex(value);
      const index = R++;
      debug2(name, index, value);
      t[name] = index;
      src[index] = value;
      safeSrc[index] = safe;
      re[index] = new RegExp(value, isGlobal ? "g" : void 0);
      safeRe[index] = new RegExp(safe, isGlobal ? "g" : void 0);
    };
    createToken("NUMERICIDENTIFIER", "0|[1-9]\\d*");
    createToken("NUMERICIDENTIFIERLOOSE", "\\d+");
    createToken("NONNUMERICIDENTIFIER", `\\d*[a-zA-Z-]${LETTERDASHNUMBER}*`);
    createToken("MAINVERSION", `(${src[t.NUMERICIDENTIFIER]})\\.(${src[t.NUMERICIDENTIFIER]})\\.(${src[t.NUMERICIDENTIFIER]})`);
    createToken("MAINVERSIONLOOSE", `(${src[t.NUMERICIDENTIFIERLOOSE]})\\.(${src[t.NUMERICIDENTIFIERLOOSE]})\\.(${src[t.NUMERICIDENTIFIERLOOSE]})`);
    createToken("PRERELEASEIDENTIFIER", `(?:${src[t.NONNUMERICIDENTIFIER]}|${src[t.NUMERICIDENTIFIER]})`);
    createToken("PRERELEASEIDENTIFIERLOOSE", `(?:${src[t.NONNUMERICIDENTIFIER]}|${src[t.NUMERICIDENTIFIERLOOSE]})`);
    createToken("PRERELEASE", `(?:-(${src[t.PRERELEASEIDENTIFIER]}(?:\\.${src[t.PRERELEASEIDENTIFIER]})*))`);
    createToken("PRERELEASELOOSE", `(?:-?(${src[t.PRERELEASEIDENTIFIERLOOSE]}(?:\\.${src[t.PRERELEASEIDENTIFIERLOOSE]})*))`);
    createToken("BUILDIDENTIFIER", `${LETTERDASHNUMBER}+`);
    createToken("BUILD", `(?:\\+(${src[t.BUILDIDENTIFIER]}(?:\\.${src[t.BUILDIDENTIFIER]})*))`);
    createToken("FULLPLAIN", `v?${src[t.MAINVERSION]}${src[t.PRERELEASE]}?${src[t.BUILD]}?`);
    createToken("FULL", `^${src[t.FULLPLAIN]}$`);
    createToken("LOOSEPLAIN", `[v=\\s]*${src[t.MAINVERSIONLOOSE]}${src[t.PRERELEASELOOSE]}?${src[t.BUILD]}?`);
    createToken("LOOSE", `^${src[t.LOOSEPLAIN]}$`);
    createToken("GTLT", "((?:<|>)?=?)");
    createToken("XRANGEIDENTIFIERLOOSE", `${src[t.NUMERICIDENTIFIERLOOSE]}|x|X|\\*`);
    createToken("XRANGEIDENTIFIER", `${src[t.NUMERICIDENTIFIER]}|x|X|\\*`);
    createToken("XRANGEPLAIN", `[v=\\s]*(${src[t.XRANGEIDENTIFIER]})(?:\\.(${src[t.XRANGEIDENTIFIER]})(?:\\.(${src[t.XRANGEIDENTIFIER]})(?:${src[t.PRERELEASE]})?${src[t.BUILD]}?)?)?`);
    createToken("XRANGEPLAINLOOSE", `[v=\\s]*(${src[t.XRANGEIDENTIFIERLOOSE]})(?:\\.(${src[t.XRANGEIDENTIFIERLOOSE]})(?:\\.(${src[t.XRANGEIDENTIFIERLOOSE]})(?:${src[t.PRERELEASELOOSE]})?${src[t.BUILD]}?)?)?`);
    createToken("XRANGE", `^${src[t.GTLT]}\\s*${src[t.XRANGEPLAIN]}$`);
    createToken("XRANGELOOSE", `^${src[t.GTLT]}\\s*${src[t.XRANGEPLAINLOOSE]}$`);
    createToken("COERCEPLAIN", `${"(^|[^\\d])(\\d{1,"}${MAX_SAFE_COMPONENT_LENGTH}})(?:\\.(\\d{1,${MAX_SAFE_COMPONENT_LENGTH}}))?(?:\\.(\\d{1,${MAX_SAFE_COMPONENT_LENGTH}}))?`);
    createToken("COERCE", `${src[t.COERCEPLAIN]}(?:$|[^\\d])`);
    createToken("COERCEFULL", src[t.COERCEPLAIN] + `(?:${src[t.PRERELEASE]})?(?:${src[t.BUILD]})?(?:$|[^\\d])`);
    createToken("COERCERTL", src[t.COERCE], true);
    createToken("COERCERTLFULL", src[t.COERCEFULL], true);
    createToken("LONETILDE", "(?:~>?)");
    createToken("TILDETRIM", `(\\s*)${src[t.LONETILDE]}\\s+`, true);
    exports.tildeTrimReplace = "$1~";
    createToken("TILDE", `^${src[t.LONETILDE]}${src[t.XRANGEPLAIN]}$`);
    createToken("TILDELOOSE", `^${src[t.LONETILDE]}${src[t.XRANGEPLAINLOOSE]}$`);
    createToken("LONECARET", "(?:\\^)");
    createToken("CARETTRIM", `(\\s*)${src[t.LONECARET]}\\s+`, true);
    exports.caretTrimReplace = "$1^";
    createToken("CARET", `^${src[t.LONECARET]}${src[t.XRANGEPLAIN]}$`);
    createToken("CARETLOOSE", `^${src[t.LONECARET]}${src[t.XRANGEPLAINLOOSE]}$`);
    createToken("COMPARATORLOOSE", `^${src[t.GTLT]}\\s*(${src[t.LOOSEPLAIN]})$|^$`);
    createToken("COMPARATOR", `^${src[t.GTLT]}\\s*(${src[t.FULLPLAIN]})$|^$`);
    createToken("COMPARATORTRIM", `(\\s*)${src[t.GTLT]}\\s*(${src[t.LOOSEPLAIN]}|${src[t.XRANGEPLAIN]})`, true);
    exports.comparatorTrimReplace = "$1$2$3";
    createToken("HYPHENRANGE", `^\\s*(${src[t.XRANGEPLAIN]})\\s+-\\s+(${src[t.XRANGEPLAIN]})\\s*$`);
    createToken("HYPHENRANGELOOSE", `^\\s*(${src[t.XRANGEPLAINLOOSE]})\\s+-\\s+(${src[t.XRANGEPLAINLOOSE]})\\s*$`);
    createToken("STAR", "(<|>)?=?\\s*\\*");
    createToken("GTE0", "^\\s*>=\\s*0\\.0\\.0\\s*$");
    createToken("GTE0PRE", "^\\s*>=\\s*0\\.0\\.0-0\\s*$");
  }
});

// node_modules/semver/internal/parse-options.js
var require_parse_options = __commonJS({
  "node_modules/semver/internal/parse-options.js"(exports, module) {
    "use strict";
    var looseOption = Object.freeze({ loose: true });
    var emptyOpts = Object.freeze({});
    var parseOptions = (options) => {
      if (!options) {
        return emptyOpts;
      }
      if (typeof options !== "object") {
        return looseOption;
      }
      return options;
    };
    module.exports = parseOptions;
  }
});

// node_modules/semver/internal/identifiers.js
var require_identifiers = __commonJS({
  "node_modules/semver/internal/identifiers.js"(exports, module) {
    "use strict";
    var numeric = /^[0-9]+$/;
    var compareIdentifiers = (a, b) => {
      if (typeof a === "number" && typeof b === "number") {
        return a === b ? 0 : a < b ? -1 : 1;
      }
      const anum = numeric.test(a);
      const bnum = numeric.test(b);
      if (anum && bnum) {
        a = +a;
        b = +b;
      }
      return a === b ? 0 : anum && !bnum ? -1 : bnum && !anum ? 1 : a < b ? -1 : 1;
    };
    var rcompareIdentifiers = (a, b) => compareIdentifiers(b, a);
    module.exports = {
      compareIdentifiers,
      rcompareIdentifiers
    };
  }
});

// node_modules/semver/classes/semver.js
var require_semver = __commonJS({
  "node_modules/semver/classes/semver.js"(exports, module) {
    "use strict";
    var debug2 = require_debug();
    var { MAX_LENGTH, MAX_SAFE_INTEGER } = require_constants();
    var { safeRe: re, t } = require_re();
    var parseOptions = require_parse_options();
    var { compareIdentifiers } = require_identifiers();
    var isPrereleaseIdentifier = (prerelease, identifier) => {
      const identifiers = identifier.split(".");
      if (identifiers.length > prerelease.length) {
        return false;
      }
      for (let i = 0; i < identifiers.length; i++) {
        if (compareIdentifiers(prerelease[i], identifiers[i]) !== 0) {
          return false;
        }
      }
      return true;
    };
    var SemVer = class _SemVer {
      constructor(version, options) {
        options = parseOptions(options);
        if (version instanceof _SemVer) {
          if (version.loose === !!options.loose && version.includePrerelease === !!options.includePrerelease) {
            return version;
          } else {
            version = version.version;
          }
        } else if (typeof version !== "string") {
          throw new TypeError(`Invalid version. Must be a string. Got type "${typeof version}".`);
        }
        if (version.length > MAX_LENGTH) {
          throw new TypeError(
            `version is longer than ${MAX_LENGTH} characters`
          );
        }
        debug2("SemVer", version, options);
        this.options = options;
        this.loose = !!options.loose;
        this.includePrerelease = !!options.includePrerelease;
        const m = version.trim().match(options.loose ? re[t.LOOSE] : re[t.FULL]);
        if (!m) {
          throw new TypeError(`Invalid Version: ${version}`);
        }
        this.raw = version;
        this.major = +m[1];
        this.minor = +m[2];
        this.patch = +m[3];
        if (this.major > MAX_SAFE_INTEGER || this.major < 0) {
          throw new TypeError("Invalid major version");
        }
        if (this.minor > MAX_SAFE_INTEGER || this.minor < 0) {
          throw new TypeError("Invalid minor version");
        }
        if (this.patch > MAX_SAFE_INTEGER || this.patch < 0) {
          throw new TypeError("Invalid patch version");
        }
        if (!m[4]) {
          this.prerelease = [];
        } else {
          this.prerelease = m[4].split(".").map((id) => {
            if (/^[0-9]+$/.test(id)) {
              const num = +id;
              if (num >= 0 && num < MAX_SAFE_INTEGER) {
                return num;
              }
            }
            return id;
          });
        }
        this.build = m[5] ? m[5].split(".") : [];
        this.format();
      }
      format() {
        this.version = `${this.major}.${this.minor}.${this.patch}`;
        if (this.prerelease.length) {
          this.version += `-${this.prerelease.join(".")}`;
        }
        return this.version;
      }
      toString() {
        return this.version;
      }
      compare(other) {
        debug2("SemVer.compare", this.version, this.options, other);
        if (!(other instanceof _SemVer)) {
          if (typeof other === "string" && other === this.version) {
            return 0;
          }
          other = new _SemVer(other, this.options);
        }
        if (other.version === this.version) {
          return 0;
        }
        return this.compareMain(other) || this.comparePre(other);
      }
      compareMain(other) {
        if (!(other instanceof _SemVer)) {
          other = new _SemVer(other, this.options);
        }
        if (this.major < other.major) {
          return -1;
        }
        if (this.major > other.major) {
          return 1;
        }
        if (this.minor < other.minor) {
          return -1;
        }
        if (this.minor > other.minor) {
          return 1;
        }
        if (this.patch < other.patch) {
          return -1;
        }
        if (this.patch > other.patch) {
          return 1;
        }
        return 0;
      }
      comparePre(other) {
        if (!(other instanceof _SemVer)) {
          other = new _SemVer(other, this.options);
        }
        if (this.prerelease.length && !other.prerelease.length) {
          return -1;
        } else if (!this.prerelease.length && other.prerelease.length) {
          return 1;
        } else if (!this.prerelease.length && !other.prerelease.length) {
          return 0;
        }
        let i = 0;
        do {
          const a = this.prerelease[i];
          const b = other.prerelease[i];
          debug2("prerelease compare", i, a, b);
          if (a === void 0 && b === void 0) {
            return 0;
          } else if (b === void 0) {
            return 1;
          } else if (a === void 0) {
            return -1;
          } else if (a === b) {
            continue;
          } else {
            return compareIdentifiers(a, b);
          }
        } while (++i);
      }
      compareBuild(other) {
        if (!(other instanceof _SemVer)) {
          other = new _SemVer(other, this.options);
        }
        let i = 0;
        do {
          const a = this.build[i];
          const b = other.build[i];
          debug2("build compare", i, a, b);
          if (a === void 0 && b === void 0) {
            return 0;
          } else if (b === void 0) {
            return 1;
          } else if (a === void 0) {
            return -1;
          } else if (a === b) {
            continue;
          } else {
            return compareIdentifiers(a, b);
          }
        } while (++i);
      }
      // preminor will bump the version up to the next minor release, and immediately
      // down to pre-release. premajor and prepatch work the same way.
      inc(release, identifier, identifierBase) {
        if (release.startsWith("pre")) {
          if (!identifier && identifierBase === false) {
            throw new Error("invalid increment argument: identifier is empty");
          }
          if (identifier) {
            const match = `-${identifier}`.match(this.options.loose ? re[t.PRERELEASELOOSE] : re[t.PRERELEASE]);
            if (!match || match[1] !== identifier) {
              throw new Error(`invalid identifier: ${identifier}`);
            }
          }
        }
        switch (release) {
          case "premajor":
            this.prerelease.length = 0;
            this.patch = 0;
            this.minor = 0;
            this.major++;
            this.inc("pre", identifier, identifierBase);
            break;
          case "preminor":
            this.prerelease.length = 0;
            this.patch = 0;
            this.minor++;
            this.inc("pre", identifier, identifierBase);
            break;
          case "prepatch":
            this.prerelease.length = 0;
            this.inc("patch", identifier, identifierBase);
            this.inc("pre", identifier, identifierBase);
            break;
          // If the input is a non-prerelease version, this acts the same as
          // prepatch.
          case "prerelease":
            if (this.prerelease.length === 0) {
              this.inc("patch", identifier, identifierBase);
            }
            this.inc("pre", identifier, identifierBase);
            break;
          case "release":
            if (this.prerelease.length === 0) {
              throw new Error(`version ${this.raw} is not a prerelease`);
            }
            this.prerelease.length = 0;
            break;
          case "major":
            if (this.minor !== 0 || this.patch !== 0 || this.prerelease.length === 0) {
              this.major++;
            }
            this.minor = 0;
            this.patch = 0;
            this.prerelease = [];
            break;
          case "minor":
            if (this.patch !== 0 || this.prerelease.length === 0) {
              this.minor++;
            }
            this.patch = 0;
            this.prerelease = [];
            break;
          case "patch":
            if (this.prerelease.length === 0) {
              this.patch++;
            }
            this.prerelease = [];
            break;
          // This probably shouldn't be used publicly.
          // 1.0.0 'pre' would become 1.0.0-0 which is the wrong direction.
          case "pre": {
            const base = Number(identifierBase) ? 1 : 0;
            if (this.prerelease.length === 0) {
              this.prerelease = [base];
            } else {
              let i = this.prerelease.length;
              while (--i >= 0) {
                if (typeof this.prerelease[i] === "number") {
                  this.prerelease[i]++;
                  i = -2;
                }
              }
              if (i === -1) {
                if (identifier === this.prerelease.join(".") && identifierBase === false) {
                  throw new Error("invalid increment argument: identifier already exists");
                }
                this.prerelease.push(base);
              }
            }
            if (identifier) {
              let prerelease = [identifier, base];
              if (identifierBase === false) {
                prerelease = [identifier];
              }
              if (isPrereleaseIdentifier(this.prerelease, identifier)) {
                const prereleaseBase = this.prerelease[identifier.split(".").length];
                if (isNaN(prereleaseBase)) {
                  this.prerelease = prerelease;
                }
              } else {
                this.prerelease = prerelease;
              }
            }
            break;
          }
          default:
            throw new Error(`invalid increment argument: ${release}`);
        }
        this.raw = this.format();
        if (this.build.length) {
          this.raw += `+${this.build.join(".")}`;
        }
        return this;
      }
    };
    module.exports = SemVer;
  }
});

// node_modules/semver/functions/parse.js
var require_parse = __commonJS({
  "node_modules/semver/functions/parse.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var parse = (version, options, throwErrors = false) => {
      if (version instanceof SemVer) {
        return version;
      }
      try {
        return new SemVer(version, options);
      } catch (er) {
        if (!throwErrors) {
          return null;
        }
        throw er;
      }
    };
    module.exports = parse;
  }
});

// node_modules/semver/functions/valid.js
var require_valid = __commonJS({
  "node_modules/semver/functions/valid.js"(exports, module) {
    "use strict";
    var parse = require_parse();
    var valid2 = (version, options) => {
      const v = parse(version, options);
      return v ? v.version : null;
    };
    module.exports = valid2;
  }
});

// node_modules/semver/functions/clean.js
var require_clean = __commonJS({
  "node_modules/semver/functions/clean.js"(exports, module) {
    "use strict";
    var parse = require_parse();
    var clean2 = (version, options) => {
      const s = parse(version.trim().replace(/^[=v]+/, ""), options);
      return s ? s.version : null;
    };
    module.exports = clean2;
  }
});

// node_modules/semver/functions/inc.js
var require_inc = __commonJS({
  "node_modules/semver/functions/inc.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var inc = (version, release, options, identifier, identifierBase) => {
      if (typeof options === "string") {
        identifierBase = identifier;
        identifier = options;
        options = void 0;
      }
      try {
        return new SemVer(
          version instanceof SemVer ? version.version : version,
          options
        ).inc(release, identifier, identifierBase).version;
      } catch (er) {
        return null;
      }
    };
    module.exports = inc;
  }
});

// node_modules/semver/functions/diff.js
var require_diff = __commonJS({
  "node_modules/semver/functions/diff.js"(exports, module) {
    "use strict";
    var parse = require_parse();
    var diff = (version1, version2) => {
      const v1 = parse(version1, null, true);
      const v2 = parse(version2, null, true);
      const comparison = v1.compare(v2);
      if (comparison === 0) {
        return null;
      }
      const v1Higher = comparison > 0;
      const highVersion = v1Higher ? v1 : v2;
      const lowVersion = v1Higher ? v2 : v1;
      const highHasPre = !!highVersion.prerelease.length;
      const lowHasPre = !!lowVersion.prerelease.length;
      if (lowHasPre && !highHasPre) {
        if (!lowVersion.patch && !lowVersion.minor) {
          return "major";
        }
        if (lowVersion.compareMain(highVersion) === 0) {
          if (lowVersion.minor && !lowVersion.patch) {
            return "minor";
          }
          return "patch";
        }
      }
      const prefix = highHasPre ? "pre" : "";
      if (v1.major !== v2.major) {
        return prefix + "major";
      }
      if (v1.minor !== v2.minor) {
        return prefix + "minor";
      }
      if (v1.patch !== v2.patch) {
        return prefix + "patch";
      }
      return "prerelease";
    };
    module.exports = diff;
  }
});

// node_modules/semver/functions/major.js
var require_major = __commonJS({
  "node_modules/semver/functions/major.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var major = (a, loose) => new SemVer(a, loose).major;
    module.exports = major;
  }
});

// node_modules/semver/functions/minor.js
var require_minor = __commonJS({
  "node_modules/semver/functions/minor.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var minor = (a, loose) => new SemVer(a, loose).minor;
    module.exports = minor;
  }
});

// node_modules/semver/functions/patch.js
var require_patch = __commonJS({
  "node_modules/semver/functions/patch.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var patch = (a, loose) => new SemVer(a, loose).patch;
    module.exports = patch;
  }
});

// node_modules/semver/functions/prerelease.js
var require_prerelease = __commonJS({
  "node_modules/semver/functions/prerelease.js"(exports, module) {
    "use strict";
    var parse = require_parse();
    var prerelease = (version, options) => {
      const parsed = parse(version, options);
      return parsed && parsed.prerelease.length ? parsed.prerelease : null;
    };
    module.exports = prerelease;
  }
});

// node_modules/semver/functions/compare.js
var require_compare = __commonJS({
  "node_modules/semver/functions/compare.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var compare = (a, b, loose) => new SemVer(a, loose).compare(new SemVer(b, loose));
    module.exports = compare;
  }
});

// node_modules/semver/functions/rcompare.js
var require_rcompare = __commonJS({
  "node_modules/semver/functions/rcompare.js"(exports, module) {
    "use strict";
    var compare = require_compare();
    var rcompare = (a, b, loose) => compare(b, a, loose);
    module.exports = rcompare;
  }
});

// node_modules/semver/functions/compare-loose.js
var require_compare_loose = __commonJS({
  "node_modules/semver/functions/compare-loose.js"(exports, module) {
    "use strict";
    var compare = require_compare();
    var compareLoose = (a, b) => compare(a, b, true);
    module.exports = compareLoose;
  }
});

// node_modules/semver/functions/compare-build.js
var require_compare_build = __commonJS({
  "node_modules/semver/functions/compare-build.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var compareBuild = (a, b, loose) => {
      const versionA = new SemVer(a, loose);
      const versionB = new SemVer(b, loose);
      return versionA.compare(versionB) || versionA.compareBuild(versionB);
    };
    module.exports = compareBuild;
  }
});

// node_modules/semver/functions/sort.js
var require_sort = __commonJS({
  "node_modules/semver/functions/sort.js"(exports, module) {
    "use strict";
    var compareBuild = require_compare_build();
    var sort = (list, loose) => list.sort((a, b) => compareBuild(a, b, loose));
    module.exports = sort;
  }
});

// node_modules/semver/functions/rsort.js
var require_rsort = __commonJS({
  "node_modules/semver/functions/rsort.js"(exports, module) {
    "use strict";
    var compareBuild = require_compare_build();
    var rsort = (list, loose) => list.sort((a, b) => compareBuild(b, a, loose));
    module.exports = rsort;
  }
});

// node_modules/semver/functions/gt.js
var require_gt = __commonJS({
  "node_modules/semver/functions/gt.js"(exports, module) {
    "use strict";
    var compare = require_compare();
    var gt2 = (a, b, loose) => compare(a, b, loose) > 0;
    module.exports = gt2;
  }
});

// node_modules/semver/functions/lt.js
var require_lt = __commonJS({
  "node_modules/semver/functions/lt.js"(exports, module) {
    "use strict";
    var compare = require_compare();
    var lt = (a, b, loose) => compare(a, b, loose) < 0;
    module.exports = lt;
  }
});

// node_modules/semver/functions/eq.js
var require_eq = __commonJS({
  "node_modules/semver/functions/eq.js"(exports, module) {
    "use strict";
    var compare = require_compare();
    var eq = (a, b, loose) => compare(a, b, loose) === 0;
    module.exports = eq;
  }
});

// node_modules/semver/functions/neq.js
var require_neq = __commonJS({
  "node_modules/semver/functions/neq.js"(exports, module) {
    "use strict";
    var compare = require_compare();
    var neq = (a, b, loose) => compare(a, b, loose) !== 0;
    module.exports = neq;
  }
});

// node_modules/semver/functions/gte.js
var require_gte = __commonJS({
  "node_modules/semver/functions/gte.js"(exports, module) {
    "use strict";
    var compare = require_compare();
    var gte = (a, b, loose) => compare(a, b, loose) >= 0;
    module.exports = gte;
  }
});

// node_modules/semver/functions/lte.js
var require_lte = __commonJS({
  "node_modules/semver/functions/lte.js"(exports, module) {
    "use strict";
    var compare = require_compare();
    var lte = (a, b, loose) => compare(a, b, loose) <= 0;
    module.exports = lte;
  }
});

// node_modules/semver/functions/cmp.js
var require_cmp = __commonJS({
  "node_modules/semver/functions/cmp.js"(exports, module) {
    "use strict";
    var eq = require_eq();
    var neq = require_neq();
    var gt2 = require_gt();
    var gte = require_gte();
    var lt = require_lt();
    var lte = require_lte();
    var cmp = (a, op, b, loose) => {
      switch (op) {
        case "===":
          if (typeof a === "object") {
            a = a.version;
          }
          if (typeof b === "object") {
            b = b.version;
          }
          return a === b;
        case "!==":
          if (typeof a === "object") {
            a = a.version;
          }
          if (typeof b === "object") {
            b = b.version;
          }
          return a !== b;
        case "":
        case "=":
        case "==":
          return eq(a, b, loose);
        case "!=":
          return neq(a, b, loose);
        case ">":
          return gt2(a, b, loose);
        case ">=":
          return gte(a, b, loose);
        case "<":
          return lt(a, b, loose);
        case "<=":
          return lte(a, b, loose);
        default:
          throw new TypeError(`Invalid operator: ${op}`);
      }
    };
    module.exports = cmp;
  }
});

// node_modules/semver/functions/coerce.js
var require_coerce = __commonJS({
  "node_modules/semver/functions/coerce.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var parse = require_parse();
    var { safeRe: re, t } = require_re();
    var coerce = (version, options) => {
      if (version instanceof SemVer) {
        return version;
      }
      if (typeof version === "number") {
        version = String(version);
      }
      if (typeof version !== "string") {
        return null;
      }
      options = options || {};
      let match = null;
      if (!options.rtl) {
        match = version.match(options.includePrerelease ? re[t.COERCEFULL] : re[t.COERCE]);
      } else {
        const coerceRtlRegex = options.includePrerelease ? re[t.COERCERTLFULL] : re[t.COERCERTL];
        let next;
        while ((next = coerceRtlRegex.exec(version)) && (!match || match.index + match[0].length !== version.length)) {
          if (!match || next.index + next[0].length !== match.index + match[0].length) {
            match = next;
          }
          coerceRtlRegex.lastIndex = next.index + next[1].length + next[2].length;
        }
        coerceRtlRegex.lastIndex = -1;
      }
      if (match === null) {
        return null;
      }
      const major = match[2];
      const minor = match[3] || "0";
      const patch = match[4] || "0";
      const prerelease = options.includePrerelease && match[5] ? `-${match[5]}` : "";
      const build = options.includePrerelease && match[6] ? `+${match[6]}` : "";
      return parse(`${major}.${minor}.${patch}${prerelease}${build}`, options);
    };
    module.exports = coerce;
  }
});

// node_modules/semver/functions/truncate.js
var require_truncate = __commonJS({
  "node_modules/semver/functions/truncate.js"(exports, module) {
    "use strict";
    var parse = require_parse();
    var constants = require_constants();
    var SemVer = require_semver();
    var truncate = (version, truncation, options) => {
      if (!constants.RELEASE_TYPES.includes(truncation)) {
        return null;
      }
      const clonedVersion = cloneInputVersion(version, options);
      return clonedVersion && doTruncation(clonedVersion, truncation);
    };
    var cloneInputVersion = (version, options) => {
      const versionStringToParse = version instanceof SemVer ? version.version : version;
      return parse(versionStringToParse, options);
    };
    var doTruncation = (version, truncation) => {
      if (isPrerelease(truncation)) {
        return version.version;
      }
      version.prerelease = [];
      switch (truncation) {
        case "major":
          version.minor = 0;
          version.patch = 0;
          break;
        case "minor":
          version.patch = 0;
          break;
      }
      return version.format();
    };
    var isPrerelease = (type) => {
      return type.startsWith("pre");
    };
    module.exports = truncate;
  }
});

// node_modules/semver/internal/lrucache.js
var require_lrucache = __commonJS({
  "node_modules/semver/internal/lrucache.js"(exports, module) {
    "use strict";
    var LRUCache = class {
      constructor() {
        this.max = 1e3;
        this.map = /* @__PURE__ */ new Map();
      }
      get(key) {
        const value = this.map.get(key);
        if (value === void 0) {
          return void 0;
        } else {
          this.map.delete(key);
          this.map.set(key, value);
          return value;
        }
      }
      delete(key) {
        return this.map.delete(key);
      }
      set(key, value) {
        const deleted = this.delete(key);
        if (!deleted && value !== void 0) {
          if (this.map.size >= this.max) {
            const firstKey = this.map.keys().next().value;
            this.delete(firstKey);
          }
          this.map.set(key, value);
        }
        return this;
      }
    };
    module.exports = LRUCache;
  }
});

// node_modules/semver/internal/trim-comparator-whitespace.js
var require_trim_comparator_whitespace = __commonJS({
  "node_modules/semver/internal/trim-comparator-whitespace.js"(exports, module) {
    "use strict";
    var {
      MAX_LENGTH,
      MAX_SAFE_BUILD_LENGTH,
      WHITESPACE_CHARACTERS
    } = require_constants();
    var whitespace = new Uint8Array(65536);
    for (const char of WHITESPACE_CHARACTERS) {
      whitespace[char.charCodeAt(0)] = 1;
    }
    var isWhitespace = (char) => char !== void 0 && whitespace[char.charCodeAt(0)] === 1;
    var isVersionPrefix = (char) => char === "v" || char === "=" || isWhitespace(char);
    var isDigit = (char) => char !== void 0 && char >= "0" && char <= "9";
    var isLetter = (char) => char !== void 0 && (char >= "a" && char <= "z" || char >= "A" && char <= "Z");
    var isIdentifierCharacter = (char) => isDigit(char) || isLetter(char) || char === "-";
    var isVersionStart = (char) => isDigit(char) || char === "x" || char === "X" || char === "*";
    var findDigitsEndIndex = (range, start, limit, digitRuns) => {
      if (!isDigit(range[start])) {
        return start;
      }
      if (start >= digitRuns.start && start < digitRuns.end) {
        return Math.min(start + limit, digitRuns.end);
      }
      if (start >= digitRuns.previousStart && start < digitRuns.previousEnd) {
        return Math.min(start + limit, digitRuns.previousEnd);
      }
      let end = start + 1;
      while (isDigit(range[end])) {
        end++;
      }
      digitRuns.previousStart = digitRuns.start;
      digitRuns.previousEnd = digitRuns.end;
      digitRuns.start = start;
      digitRuns.end = end;
      return Math.min(start + limit, end);
    };
    var findVersionNumberEndIndex = (range, start, loose, digitRuns) => {
      if (!loose && range[start] === "0") {
        return start + 1;
      }
      return findDigitsEndIndex(range, start, loose ? MAX_LENGTH : MAX_LENGTH + 1, digitRuns);
    };
    var findPrereleaseIdentifierEndIndex = (range, start, loose, digitRuns) => {
      const digitsEnd = findDigitsEndIndex(range, start, MAX_LENGTH, digitRuns);
      if (isLetter(range[digitsEnd]) || range[digitsEnd] === "-") {
        let end = digitsEnd + 1;
        const limit = end + MAX_SAFE_BUILD_LENGTH;
        while (end < limit && isIdentifierCharacter(range[end])) {
          end++;
        }
        return end;
      }
      return findVersionNumberEndIndex(range, start, loose, digitRuns);
    };
    var findPrereleaseEndIndex = (range, start, loose, digitRuns) => {
      const hyphen = range[start] === "-";
      if (!loose && !hyphen) {
        return start;
      }
      const identifierStart = start + (hyphen ? 1 : 0);
      let end = findPrereleaseIdentifierEndIndex(range, identifierStart, loose, digitRuns);
      if (end === identifierStart) {
        if (!loose || !hyphen) {
          return start;
        }
        end = findPrereleaseIdentifierEndIndex(range, start, loose, digitRuns);
      }
      while (range[end] === ".") {
        const next = findPrereleaseIdentifierEndIndex(range, end + 1, loose, digitRuns);
        if (next === end + 1) {
          break;
        }
        end = next;
      }
      return end;
    };
    var findBuildIdentifierEndIndex = (range, start) => {
      let end = start;
      while (end - start < MAX_SAFE_BUILD_LENGTH && isIdentifierCharacter(range[end])) {
        end++;
      }
      return end;
    };
    var findBuildEndIndex = (range, start) => {
      if (range[start] !== "+") {
        return start;
      }
      let end = findBuildIdentifierEndIndex(range, start + 1);
      if (end === start + 1) {
        return start;
      }
      while (range[end] === ".") {
        const next = findBuildIdentifierEndIndex(range, end + 1);
        if (next === end + 1) {
          break;
        }
        end = next;
      }
      return end;
    };
    var findLooseFullVersionEndIndex = (range, start, digitRuns) => {
      let end = start;
      for (let component = 0; component < 3; component++) {
        const next = findVersionNumberEndIndex(range, end, true, digitRuns);
        if (next === end) {
          return start;
        }
        end = next;
        if (component < 2) {
          if (range[end] !== ".") {
            return start;
          }
          end++;
        }
      }
      const prereleaseEnd = findPrereleaseEndIndex(range, end, true, digitRuns);
      return findBuildEndIndex(range, prereleaseEnd);
    };
    var findPartialVersionComponentEndIndex = (range, start, digitRuns) => {
      if (isDigit(range[start])) {
        return findVersionNumberEndIndex(range, start, false, digitRuns);
      }
      return isVersionStart(range[start]) ? start + 1 : start;
    };
    var findPartialVersionEndIndex = (range, start, digitRuns) => {
      let end = findPartialVersionComponentEndIndex(range, start, digitRuns);
      for (let component = 0; component < 2; component++) {
        if (range[end] !== ".") {
          return end;
        }
        const next = findPartialVersionComponentEndIndex(range, end + 1, digitRuns);
        if (next === end + 1) {
          return end;
        }
        end = next;
      }
      const prereleaseEnd = findPrereleaseEndIndex(range, end, false, digitRuns);
      return findBuildEndIndex(range, prereleaseEnd);
    };
    var findVersionEndIndex = (range, start, digitRuns) => {
      const fullVersionEnd = findLooseFullVersionEndIndex(range, start, digitRuns);
      return fullVersionEnd !== start ? fullVersionEnd : findPartialVersionEndIndex(range, start, digitRuns);
    };
    var findRemovableWhitespaceIndex = (range, matchStart) => {
      let position = matchStart;
      if (isWhitespace(range[position])) {
        position++;
      }
      if (range[position] === "<" || range[position] === ">") {
        position++;
      }
      if (range[position] === "=") {
        position++;
      }
      return isWhitespace(range[position]) ? position : -1;
    };
    var trimComparatorWhitespace = (range) => {
      let result = "";
      let copyFrom = 0;
      let cursor = 0;
      const digitRuns = { start: -1, end: -1, previousStart: -1, previousEnd: -1 };
      while (cursor < range.length) {
        const matchStart = cursor;
        if (range[cursor] === "<" || range[cursor] === ">") {
          cursor++;
        } else if (!isVersionPrefix(range[cursor]) && !isVersionStart(range[cursor])) {
          cursor++;
          continue;
        }
        while (cursor < range.length && isVersionPrefix(range[cursor])) {
          cursor++;
        }
        if (!isVersionStart(range[cursor])) {
          continue;
        }
        const whitespacePosition = findRemovableWhitespaceIndex(range, matchStart);
        if (whitespacePosition !== -1) {
          result += range.slice(copyFrom, whitespacePosition);
          copyFrom = whitespacePosition + 1;
        }
        cursor = findVersionEndIndex(range, cursor, digitRuns);
      }
      return result + range.slice(copyFrom);
    };
    module.exports = trimComparatorWhitespace;
  }
});

// node_modules/semver/classes/range.js
var require_range = __commonJS({
  "node_modules/semver/classes/range.js"(exports, module) {
    "use strict";
    var SPACE_CHARACTERS = /\s+/g;
    var Range = class _Range {
      constructor(range, options) {
        options = parseOptions(options);
        if (range instanceof _Range) {
          if (range.loose === !!options.loose && range.includePrerelease === !!options.includePrerelease) {
            return range;
          } else {
            return new _Range(range.raw, options);
          }
        }
        if (range instanceof Comparator) {
          this.raw = range.value;
          this.set = [[range]];
          this.formatted = void 0;
          return this;
        }
        this.options = options;
        this.loose = !!options.loose;
        this.includePrerelease = !!options.includePrerelease;
        this.raw = range.trim().replace(SPACE_CHARACTERS, " ");
        this.set = this.raw.split("||").map((r) => this.parseRange(r.trim())).filter((c) => c.length);
        if (!this.set.length) {
          throw new TypeError(`Invalid SemVer Range: ${this.raw}`);
        }
        if (this.set.length > 1) {
          const first = this.set[0];
          this.set = this.set.filter((c) => !isNullSet(c[0]));
          if (this.set.length === 0) {
            this.set = [first];
          } else if (this.set.length > 1) {
            for (const c of this.set) {
              if (c.length === 1 && isAny(c[0])) {
                this.set = [c];
                break;
              }
            }
          }
        }
        this.formatted = void 0;
      }
      get range() {
        if (this.formatted === void 0) {
          this.formatted = "";
          for (let i = 0; i < this.set.length; i++) {
            if (i > 0) {
              this.formatted += "||";
            }
            const comps = this.set[i];
            for (let k = 0; k < comps.length; k++) {
              if (k > 0) {
                this.formatted += " ";
              }
              this.formatted += comps[k].toString().trim();
            }
          }
        }
        return this.formatted;
      }
      format() {
        return this.range;
      }
      toString() {
        return this.range;
      }
      parseRange(range) {
        range = range.replace(BUILDSTRIPRE, "");
        const memoOpts = (this.options.includePrerelease && FLAG_INCLUDE_PRERELEASE) | (this.options.loose && FLAG_LOOSE);
        const memoKey = memoOpts + ":" + range;
        const cached = cache.get(memoKey);
        if (cached) {
          return cached;
        }
        const loose = this.options.loose;
        const hr = loose ? re[t.HYPHENRANGELOOSE] : re[t.HYPHENRANGE];
        range = range.replace(hr, hyphenReplace(this.options.includePrerelease));
        debug2("hyphen replace", range);
        range = trimComparatorWhitespace(range);
        debug2("comparator trim", range);
        range = range.replace(re[t.TILDETRIM], tildeTrimReplace);
        debug2("tilde trim", range);
        range = range.replace(re[t.CARETTRIM], caretTrimReplace);
        debug2("caret trim", range);
        let rangeList = range.split(" ").map((comp) => parseComparator(comp, this.options)).join(" ").split(/\s+/).map((comp) => replaceGTE0(comp, this.options));
        if (loose) {
          rangeList = rangeList.filter((comp) => {
            debug2("loose invalid filter", comp, this.options);
            return !!comp.match(re[t.COMPARATORLOOSE]);
          });
        }
        debug2("range list", rangeList);
        const rangeMap = /* @__PURE__ */ new Map();
        const comparators = rangeList.map((comp) => new Comparator(comp, this.options));
        for (const comp of comparators) {
          if (isNullSet(comp)) {
            return [comp];
          }
          rangeMap.set(comp.value, comp);
        }
        if (rangeMap.size > 1 && rangeMap.has("")) {
          rangeMap.delete("");
        }
        const result = [...rangeMap.values()];
        cache.set(memoKey, result);
        return result;
      }
      intersects(range, options) {
        if (!(range instanceof _Range)) {
          throw new TypeError("a Range is required");
        }
        return this.set.some((thisComparators) => {
          return isSatisfiable(thisComparators, options) && range.set.some((rangeComparators) => {
            return isSatisfiable(rangeComparators, options) && thisComparators.every((thisComparator) => {
              return rangeComparators.every((rangeComparator) => {
                return thisComparator.intersects(rangeComparator, options);
              });
            });
          });
        });
      }
      // if ANY of the sets match ALL of its comparators, then pass
      test(version) {
        if (!version) {
          return false;
        }
        if (typeof version === "string") {
          try {
            version = new SemVer(version, this.options);
          } catch (er) {
            return false;
          }
        }
        for (let i = 0; i < this.set.length; i++) {
          if (testSet(this.set[i], version, this.options)) {
            return true;
          }
        }
        return false;
      }
    };
    module.exports = Range;
    var LRU = require_lrucache();
    var cache = new LRU();
    var parseOptions = require_parse_options();
    var Comparator = require_comparator();
    var debug2 = require_debug();
    var SemVer = require_semver();
    var trimComparatorWhitespace = require_trim_comparator_whitespace();
    var {
      safeRe: re,
      src,
      t,
      tildeTrimReplace,
      caretTrimReplace
    } = require_re();
    var { FLAG_INCLUDE_PRERELEASE, FLAG_LOOSE } = require_constants();
    var BUILDSTRIPRE = new RegExp(src[t.BUILD], "g");
    var isNullSet = (c) => c.value === "<0.0.0-0";
    var isAny = (c) => c.value === "";
    var isSatisfiable = (comparators, options) => {
      let result = true;
      const remainingComparators = comparators.slice();
      let testComparator = remainingComparators.pop();
      while (result && remainingComparators.length) {
        result = remainingComparators.every((otherComparator) => {
          return testComparator.intersects(otherComparator, options);
        });
        testComparator = remainingComparators.pop();
      }
      return result;
    };
    var parseComparator = (comp, options) => {
      comp = comp.replace(re[t.BUILD], "");
      debug2("comp", comp, options);
      comp = replaceCarets(comp, options);
      debug2("caret", comp);
      comp = replaceTildes(comp, options);
      debug2("tildes", comp);
      comp = replaceXRanges(comp, options);
      debug2("xrange", comp);
      comp = replaceStars(comp, options);
      debug2("stars", comp);
      return comp;
    };
    var isX = (id) => !id || id.toLowerCase() === "x" || id === "*";
    var invalidXRangeOrder = (M, m, p) => isX(M) && !isX(m) || isX(m) && p && !isX(p);
    var replaceTildes = (comp, options) => {
      return comp.trim().split(/\s+/).map((c) => replaceTilde(c, options)).join(" ");
    };
    var replaceTilde = (comp, options) => {
      const r = options.loose ? re[t.TILDELOOSE] : re[t.TILDE];
      const z = options.includePrerelease ? "-0" : "";
      return comp.replace(r, (_, M, m, p, pr) => {
        debug2("tilde", comp, _, M, m, p, pr);
        let ret;
        if (isX(M)) {
          ret = "";
        } else if (isX(m)) {
          ret = `>=${M}.0.0${z} <${+M + 1}.0.0-0`;
        } else if (isX(p)) {
          ret = `>=${M}.${m}.0${z} <${M}.${+m + 1}.0-0`;
        } else if (pr) {
          debug2("replaceTilde pr", pr);
          ret = `>=${M}.${m}.${p}-${pr} <${M}.${+m + 1}.0-0`;
        } else {
          ret = `>=${M}.${m}.${p} <${M}.${+m + 1}.0-0`;
        }
        debug2("tilde return", ret);
        return ret;
      });
    };
    var replaceCarets = (comp, options) => {
      return comp.trim().split(/\s+/).map((c) => replaceCaret(c, options)).join(" ");
    };
    var replaceCaret = (comp, options) => {
      debug2("caret", comp, options);
      const r = options.loose ? re[t.CARETLOOSE] : re[t.CARET];
      const z = options.includePrerelease ? "-0" : "";
      return comp.replace(r, (_, M, m, p, pr) => {
        debug2("caret", comp, _, M, m, p, pr);
        let ret;
        if (isX(M)) {
          ret = "";
        } else if (isX(m)) {
          ret = `>=${M}.0.0${z} <${+M + 1}.0.0-0`;
        } else if (isX(p)) {
          if (M === "0") {
            ret = `>=${M}.${m}.0${z} <${M}.${+m + 1}.0-0`;
          } else {
            ret = `>=${M}.${m}.0${z} <${+M + 1}.0.0-0`;
          }
        } else if (pr) {
          debug2("replaceCaret pr", pr);
          if (M === "0") {
            if (m === "0") {
              ret = `>=${M}.${m}.${p}-${pr} <${M}.${m}.${+p + 1}-0`;
            } else {
              ret = `>=${M}.${m}.${p}-${pr} <${M}.${+m + 1}.0-0`;
            }
          } else {
            ret = `>=${M}.${m}.${p}-${pr} <${+M + 1}.0.0-0`;
          }
        } else {
          debug2("no pr");
          if (M === "0") {
            if (m === "0") {
              ret = `>=${M}.${m}.${p} <${M}.${m}.${+p + 1}-0`;
            } else {
              ret = `>=${M}.${m}.${p} <${M}.${+m + 1}.0-0`;
            }
          } else {
            ret = `>=${M}.${m}.${p} <${+M + 1}.0.0-0`;
          }
        }
        debug2("caret return", ret);
        return ret;
      });
    };
    var replaceXRanges = (comp, options) => {
      debug2("replaceXRanges", comp, options);
      return comp.split(/\s+/).map((c) => replaceXRange(c, options)).join(" ");
    };
    var replaceXRange = (comp, options) => {
      comp = comp.trim();
      const r = options.loose ? re[t.XRANGELOOSE] : re[t.XRANGE];
      return comp.replace(r, (ret, gtlt, M, m, p, pr) => {
        debug2("xRange", comp, ret, gtlt, M, m, p, pr);
        if (invalidXRangeOrder(M, m, p)) {
          return comp;
        }
        const xM = isX(M);
        const xm = xM || isX(m);
        const xp = xm || isX(p);
        const anyX = xp;
        if (gtlt === "=" && anyX) {
          gtlt = "";
        }
        pr = options.includePrerelease ? "-0" : "";
        if (xM) {
          if (gtlt === ">" || gtlt === "<") {
            ret = "<0.0.0-0";
          } else {
            ret = "*";
          }
        } else if (gtlt && anyX) {
          if (xm) {
            m = 0;
          }
          p = 0;
          if (gtlt === ">") {
            gtlt = ">=";
            if (xm) {
              M = +M + 1;
              m = 0;
              p = 0;
            } else {
              m = +m + 1;
              p = 0;
            }
          } else if (gtlt === "<=") {
            gtlt = "<";
            if (xm) {
              M = +M + 1;
            } else {
              m = +m + 1;
            }
          }
          if (gtlt === "<") {
            pr = "-0";
          }
          ret = `${gtlt + M}.${m}.${p}${pr}`;
        } else if (xm) {
          ret = `>=${M}.0.0${pr} <${+M + 1}.0.0-0`;
        } else if (xp) {
          ret = `>=${M}.${m}.0${pr} <${M}.${+m + 1}.0-0`;
        }
        debug2("xRange return", ret);
        return ret;
      });
    };
    var replaceStars = (comp, options) => {
      debug2("replaceStars", comp, options);
      return comp.trim().replace(re[t.STAR], "");
    };
    var replaceGTE0 = (comp, options) => {
      debug2("replaceGTE0", comp, options);
      return comp.trim().replace(re[options.includePrerelease ? t.GTE0PRE : t.GTE0], "");
    };
    var hyphenReplace = (incPr) => ($0, from, fM, fm, fp, fpr, fb, to, tM, tm, tp, tpr) => {
      if (isX(fM)) {
        from = "";
      } else if (isX(fm)) {
        from = `>=${fM}.0.0${incPr ? "-0" : ""}`;
      } else if (isX(fp)) {
        from = `>=${fM}.${fm}.0${incPr ? "-0" : ""}`;
      } else if (fpr) {
        from = `>=${from}`;
      } else {
        from = `>=${from}${incPr ? "-0" : ""}`;
      }
      if (isX(tM)) {
        to = "";
      } else if (isX(tm)) {
        to = `<${+tM + 1}.0.0-0`;
      } else if (isX(tp)) {
        to = `<${tM}.${+tm + 1}.0-0`;
      } else if (tpr) {
        to = `<=${tM}.${tm}.${tp}-${tpr}`;
      } else if (incPr) {
        to = `<${tM}.${tm}.${+tp + 1}-0`;
      } else {
        to = `<=${to}`;
      }
      return `${from} ${to}`.trim();
    };
    var testSet = (set, version, options) => {
      for (let i = 0; i < set.length; i++) {
        if (!set[i].test(version)) {
          return false;
        }
      }
      if (version.prerelease.length && !options.includePrerelease) {
        for (let i = 0; i < set.length; i++) {
          debug2(set[i].semver);
          if (set[i].semver === Comparator.ANY) {
            continue;
          }
          if (set[i].semver.prerelease.length > 0) {
            const allowed = set[i].semver;
            if (allowed.major === version.major && allowed.minor === version.minor && allowed.patch === version.patch) {
              return true;
            }
          }
        }
        return false;
      }
      return true;
    };
  }
});

// node_modules/semver/classes/comparator.js
var require_comparator = __commonJS({
  "node_modules/semver/classes/comparator.js"(exports, module) {
    "use strict";
    var ANY = /* @__PURE__ */ Symbol("SemVer ANY");
    var Comparator = class _Comparator {
      static get ANY() {
        return ANY;
      }
      constructor(comp, options) {
        options = parseOptions(options);
        if (comp instanceof _Comparator) {
          if (comp.loose === !!options.loose) {
            return comp;
          } else {
            comp = comp.value;
          }
        }
        comp = comp.trim().split(/\s+/).join(" ");
        debug2("comparator", comp, options);
        this.options = options;
        this.loose = !!options.loose;
        this.parse(comp);
        if (this.semver === ANY) {
          this.value = "";
        } else {
          this.value = this.operator + this.semver.version;
        }
        debug2("comp", this);
      }
      parse(comp) {
        const r = this.options.loose ? re[t.COMPARATORLOOSE] : re[t.COMPARATOR];
        const m = comp.match(r);
        if (!m) {
          throw new TypeError(`Invalid comparator: ${comp}`);
        }
        this.operator = m[1] !== void 0 ? m[1] : "";
        if (this.operator === "=") {
          this.operator = "";
        }
        if (!m[2]) {
          this.semver = ANY;
        } else {
          this.semver = new SemVer(m[2], this.options.loose);
        }
      }
      toString() {
        return this.value;
      }
      test(version) {
        debug2("Comparator.test", version, this.options.loose);
        if (this.semver === ANY || version === ANY) {
          return true;
        }
        if (typeof version === "string") {
          try {
            version = new SemVer(version, this.options);
          } catch (er) {
            return false;
          }
        }
        return cmp(version, this.operator, this.semver, this.options);
      }
      intersects(comp, options) {
        if (!(comp instanceof _Comparator)) {
          throw new TypeError("a Comparator is required");
        }
        if (this.operator === "") {
          if (this.value === "") {
            return true;
          }
          return new Range(comp.value, options).test(this.value);
        } else if (comp.operator === "") {
          if (comp.value === "") {
            return true;
          }
          return new Range(this.value, options).test(comp.semver);
        }
        options = parseOptions(options);
        if (options.includePrerelease && (this.value === "<0.0.0-0" || comp.value === "<0.0.0-0")) {
          return false;
        }
        if (!options.includePrerelease && (this.value.startsWith("<0.0.0") || comp.value.startsWith("<0.0.0"))) {
          return false;
        }
        if (this.operator.startsWith(">") && comp.operator.startsWith(">")) {
          return true;
        }
        if (this.operator.startsWith("<") && comp.operator.startsWith("<")) {
          return true;
        }
        if (this.semver.version === comp.semver.version && this.operator.includes("=") && comp.operator.includes("=")) {
          return true;
        }
        if (cmp(this.semver, "<", comp.semver, options) && this.operator.startsWith(">") && comp.operator.startsWith("<")) {
          return true;
        }
        if (cmp(this.semver, ">", comp.semver, options) && this.operator.startsWith("<") && comp.operator.startsWith(">")) {
          return true;
        }
        return false;
      }
    };
    module.exports = Comparator;
    var parseOptions = require_parse_options();
    var { safeRe: re, t } = require_re();
    var cmp = require_cmp();
    var debug2 = require_debug();
    var SemVer = require_semver();
    var Range = require_range();
  }
});

// node_modules/semver/functions/satisfies.js
var require_satisfies = __commonJS({
  "node_modules/semver/functions/satisfies.js"(exports, module) {
    "use strict";
    var Range = require_range();
    var satisfies3 = (version, range, options) => {
      try {
        range = new Range(range, options);
      } catch (er) {
        return false;
      }
      return range.test(version);
    };
    module.exports = satisfies3;
  }
});

// node_modules/semver/ranges/to-comparators.js
var require_to_comparators = __commonJS({
  "node_modules/semver/ranges/to-comparators.js"(exports, module) {
    "use strict";
    var Range = require_range();
    var toComparators = (range, options) => new Range(range, options).set.map((comp) => comp.map((c) => c.value).join(" ").trim().split(" "));
    module.exports = toComparators;
  }
});

// node_modules/semver/ranges/max-satisfying.js
var require_max_satisfying = __commonJS({
  "node_modules/semver/ranges/max-satisfying.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var Range = require_range();
    var maxSatisfying = (versions, range, options) => {
      let max = null;
      let maxSV = null;
      let rangeObj = null;
      try {
        rangeObj = new Range(range, options);
      } catch (er) {
        return null;
      }
      versions.forEach((v) => {
        if (rangeObj.test(v)) {
          if (!max || maxSV.compare(v) === -1) {
            max = v;
            maxSV = new SemVer(max, options);
          }
        }
      });
      return max;
    };
    module.exports = maxSatisfying;
  }
});

// node_modules/semver/ranges/min-satisfying.js
var require_min_satisfying = __commonJS({
  "node_modules/semver/ranges/min-satisfying.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var Range = require_range();
    var minSatisfying = (versions, range, options) => {
      let min = null;
      let minSV = null;
      let rangeObj = null;
      try {
        rangeObj = new Range(range, options);
      } catch (er) {
        return null;
      }
      versions.forEach((v) => {
        if (rangeObj.test(v)) {
          if (!min || minSV.compare(v) === 1) {
            min = v;
            minSV = new SemVer(min, options);
          }
        }
      });
      return min;
    };
    module.exports = minSatisfying;
  }
});

// node_modules/semver/ranges/min-version.js
var require_min_version = __commonJS({
  "node_modules/semver/ranges/min-version.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var Range = require_range();
    var gt2 = require_gt();
    var minVersion = (range, loose) => {
      range = new Range(range, loose);
      let minver = new SemVer("0.0.0");
      if (range.test(minver)) {
        return minver;
      }
      minver = new SemVer("0.0.0-0");
      if (range.test(minver)) {
        return minver;
      }
      minver = null;
      for (let i = 0; i < range.set.length; ++i) {
        const comparators = range.set[i];
        let setMin = null;
        comparators.forEach((comparator) => {
          const compver = new SemVer(comparator.semver.version);
          switch (comparator.operator) {
            case ">":
              if (compver.prerelease.length === 0) {
                compver.patch++;
              } else {
                compver.prerelease.push(0);
              }
              compver.raw = compver.format();
            /* fallthrough */
            case "":
            case ">=":
              if (!setMin || gt2(compver, setMin)) {
                setMin = compver;
              }
              break;
            case "<":
            case "<=":
              break;
            /* istanbul ignore next */
            default:
              throw new Error(`Unexpected operation: ${comparator.operator}`);
          }
        });
        if (setMin && (!minver || gt2(minver, setMin))) {
          minver = setMin;
        }
      }
      if (minver && range.test(minver)) {
        return minver;
      }
      return null;
    };
    module.exports = minVersion;
  }
});

// node_modules/semver/ranges/valid.js
var require_valid2 = __commonJS({
  "node_modules/semver/ranges/valid.js"(exports, module) {
    "use strict";
    var Range = require_range();
    var validRange = (range, options) => {
      try {
        return new Range(range, options).range || "*";
      } catch (er) {
        return null;
      }
    };
    module.exports = validRange;
  }
});

// node_modules/semver/ranges/outside.js
var require_outside = __commonJS({
  "node_modules/semver/ranges/outside.js"(exports, module) {
    "use strict";
    var SemVer = require_semver();
    var Comparator = require_comparator();
    var { ANY } = Comparator;
    var Range = require_range();
    var satisfies3 = require_satisfies();
    var gt2 = require_gt();
    var lt = require_lt();
    var lte = require_lte();
    var gte = require_gte();
    var outside = (version, range, hilo, options) => {
      version = new SemVer(version, options);
      range = new Range(range, options);
      let gtfn, ltefn, ltfn, comp, ecomp;
      switch (hilo) {
        case ">":
          gtfn = gt2;
          ltefn = lte;
          ltfn = lt;
          comp = ">";
          ecomp = ">=";
          break;
        case "<":
          gtfn = lt;
          ltefn = gte;
          ltfn = gt2;
          comp = "<";
          ecomp = "<=";
          break;
        default:
          throw new TypeError('Must provide a hilo val of "<" or ">"');
      }
      if (satisfies3(version, range, options)) {
        return false;
      }
      for (let i = 0; i < range.set.length; ++i) {
        const comparators = range.set[i];
        let high = null;
        let low = null;
        comparators.forEach((comparator) => {
          if (comparator.semver === ANY) {
            comparator = new Comparator(">=0.0.0");
          }
          high = high || comparator;
          low = low || comparator;
          if (gtfn(comparator.semver, high.semver, options)) {
            high = comparator;
          } else if (ltfn(comparator.semver, low.semver, options)) {
            low = comparator;
          }
        });
        if (high.operator === comp || high.operator === ecomp) {
          return false;
        }
        if ((!low.operator || low.operator === comp) && ltefn(version, low.semver)) {
          return false;
        } else if (low.operator === ecomp && ltfn(version, low.semver)) {
          return false;
        }
      }
      return true;
    };
    module.exports = outside;
  }
});

// node_modules/semver/ranges/gtr.js
var require_gtr = __commonJS({
  "node_modules/semver/ranges/gtr.js"(exports, module) {
    "use strict";
    var outside = require_outside();
    var gtr = (version, range, options) => outside(version, range, ">", options);
    module.exports = gtr;
  }
});

// node_modules/semver/ranges/ltr.js
var require_ltr = __commonJS({
  "node_modules/semver/ranges/ltr.js"(exports, module) {
    "use strict";
    var outside = require_outside();
    var ltr = (version, range, options) => outside(version, range, "<", options);
    module.exports = ltr;
  }
});

// node_modules/semver/ranges/intersects.js
var require_intersects = __commonJS({
  "node_modules/semver/ranges/intersects.js"(exports, module) {
    "use strict";
    var Range = require_range();
    var intersects = (r1, r2, options) => {
      r1 = new Range(r1, options);
      r2 = new Range(r2, options);
      return r1.intersects(r2, options);
    };
    module.exports = intersects;
  }
});

// node_modules/semver/ranges/simplify.js
var require_simplify = __commonJS({
  "node_modules/semver/ranges/simplify.js"(exports, module) {
    "use strict";
    var satisfies3 = require_satisfies();
    var compare = require_compare();
    module.exports = (versions, range, options) => {
      const set = [];
      let first = null;
      let prev = null;
      const v = versions.sort((a, b) => compare(a, b, options));
      for (const version of v) {
        const included = satisfies3(version, range, options);
        if (included) {
          prev = version;
          if (!first) {
            first = version;
          }
        } else {
          if (prev) {
            set.push([first, prev]);
          }
          prev = null;
          first = null;
        }
      }
      if (first) {
        set.push([first, null]);
      }
      const ranges = [];
      for (const [min, max] of set) {
        if (min === max) {
          ranges.push(min);
        } else if (!max && min === v[0]) {
          ranges.push("*");
        } else if (!max) {
          ranges.push(`>=${min}`);
        } else if (min === v[0]) {
          ranges.push(`<=${max}`);
        } else {
          ranges.push(`${min} - ${max}`);
        }
      }
      const simplified = ranges.join(" || ");
      const original = typeof range.raw === "string" ? range.raw : String(range);
      return simplified.length < original.length ? simplified : range;
    };
  }
});

// node_modules/semver/ranges/subset.js
var require_subset = __commonJS({
  "node_modules/semver/ranges/subset.js"(exports, module) {
    "use strict";
    var Range = require_range();
    var Comparator = require_comparator();
    var { ANY } = Comparator;
    var satisfies3 = require_satisfies();
    var compare = require_compare();
    var subset = (sub, dom, options = {}) => {
      if (sub === dom) {
        return true;
      }
      sub = new Range(sub, options);
      dom = new Range(dom, options);
      let sawNonNull = false;
      OUTER: for (const simpleSub of sub.set) {
        for (const simpleDom of dom.set) {
          const isSub = simpleSubset(simpleSub, simpleDom, options);
          sawNonNull = sawNonNull || isSub !== null;
          if (isSub) {
            continue OUTER;
          }
        }
        if (sawNonNull) {
          return false;
        }
      }
      return true;
    };
    var minimumVersionWithPreRelease = [new Comparator(">=0.0.0-0")];
    var minimumVersion = [new Comparator(">=0.0.0")];
    var simpleSubset = (sub, dom, options) => {
      if (sub === dom) {
        return true;
      }
      if (sub.length === 1 && sub[0].semver === ANY) {
        if (dom.length === 1 && dom[0].semver === ANY) {
          return true;
        } else if (options.includePrerelease) {
          sub = minimumVersionWithPreRelease;
        } else {
          sub = minimumVersion;
        }
      }
      if (dom.length === 1 && dom[0].semver === ANY) {
        if (options.includePrerelease) {
          return true;
        } else {
          dom = minimumVersion;
        }
      }
      const eqSet = /* @__PURE__ */ new Set();
      let gt2, lt;
      for (const c of sub) {
        if (c.operator === ">" || c.operator === ">=") {
          gt2 = higherGT(gt2, c, options);
        } else if (c.operator === "<" || c.operator === "<=") {
          lt = lowerLT(lt, c, options);
        } else {
          eqSet.add(c.semver);
        }
      }
      if (eqSet.size > 1) {
        return null;
      }
      let gtltComp;
      if (gt2 && lt) {
        gtltComp = compare(gt2.semver, lt.semver, options);
        if (gtltComp > 0) {
          return null;
        } else if (gtltComp === 0 && (gt2.operator !== ">=" || lt.operator !== "<=")) {
          return null;
        }
      }
      for (const eq of eqSet) {
        if (gt2 && !satisfies3(eq, String(gt2), options)) {
          return null;
        }
        if (lt && !satisfies3(eq, String(lt), options)) {
          return null;
        }
        for (const c of dom) {
          if (!satisfies3(eq, String(c), options)) {
            return false;
          }
        }
        return true;
      }
      let higher, lower;
      let hasDomLT, hasDomGT;
      let needDomLTPre = lt && !options.includePrerelease && lt.semver.prerelease.length ? lt.semver : false;
      let needDomGTPre = gt2 && !options.includePrerelease && gt2.semver.prerelease.length ? gt2.semver : false;
      if (needDomLTPre && needDomLTPre.prerelease.length === 1 && lt.operator === "<" && needDomLTPre.prerelease[0] === 0) {
        needDomLTPre = false;
      }
      for (const c of dom) {
        hasDomGT = hasDomGT || c.operator === ">" || c.operator === ">=";
        hasDomLT = hasDomLT || c.operator === "<" || c.operator === "<=";
        if (gt2) {
          if (needDomGTPre) {
            if (c.semver.prerelease && c.semver.prerelease.length && c.semver.major === needDomGTPre.major && c.semver.minor === needDomGTPre.minor && c.semver.patch === needDomGTPre.patch) {
              needDomGTPre = false;
            }
          }
          if (c.operator === ">" || c.operator === ">=") {
            higher = higherGT(gt2, c, options);
            if (higher === c && higher !== gt2) {
              return false;
            }
          } else if (gt2.operator === ">=" && !c.test(gt2.semver)) {
            return false;
          }
        }
        if (lt) {
          if (needDomLTPre) {
            if (c.semver.prerelease && c.semver.prerelease.length && c.semver.major === needDomLTPre.major && c.semver.minor === needDomLTPre.minor && c.semver.patch === needDomLTPre.patch) {
              needDomLTPre = false;
            }
          }
          if (c.operator === "<" || c.operator === "<=") {
            lower = lowerLT(lt, c, options);
            if (lower === c && lower !== lt) {
              return false;
            }
          } else if (lt.operator === "<=" && !c.test(lt.semver)) {
            return false;
          }
        }
        if (!c.operator && (lt || gt2) && gtltComp !== 0) {
          return false;
        }
      }
      if (gt2 && hasDomLT && !lt && gtltComp !== 0) {
        return false;
      }
      if (lt && hasDomGT && !gt2 && gtltComp !== 0) {
        return false;
      }
      if (needDomGTPre || needDomLTPre) {
        return false;
      }
      return true;
    };
    var higherGT = (a, b, options) => {
      if (!a) {
        return b;
      }
      const comp = compare(a.semver, b.semver, options);
      return comp > 0 ? a : comp < 0 ? b : b.operator === ">" && a.operator === ">=" ? b : a;
    };
    var lowerLT = (a, b, options) => {
      if (!a) {
        return b;
      }
      const comp = compare(a.semver, b.semver, options);
      return comp < 0 ? a : comp > 0 ? b : b.operator === "<" && a.operator === "<=" ? b : a;
    };
    module.exports = subset;
  }
});

// node_modules/semver/index.js
var require_semver2 = __commonJS({
  "node_modules/semver/index.js"(exports, module) {
    "use strict";
    var internalRe = require_re();
    var constants = require_constants();
    var SemVer = require_semver();
    var identifiers = require_identifiers();
    var parse = require_parse();
    var valid2 = require_valid();
    var clean2 = require_clean();
    var inc = require_inc();
    var diff = require_diff();
    var major = require_major();
    var minor = require_minor();
    var patch = require_patch();
    var prerelease = require_prerelease();
    var compare = require_compare();
    var rcompare = require_rcompare();
    var compareLoose = require_compare_loose();
    var compareBuild = require_compare_build();
    var sort = require_sort();
    var rsort = require_rsort();
    var gt2 = require_gt();
    var lt = require_lt();
    var eq = require_eq();
    var neq = require_neq();
    var gte = require_gte();
    var lte = require_lte();
    var cmp = require_cmp();
    var coerce = require_coerce();
    var truncate = require_truncate();
    var Comparator = require_comparator();
    var Range = require_range();
    var satisfies3 = require_satisfies();
    var toComparators = require_to_comparators();
    var maxSatisfying = require_max_satisfying();
    var minSatisfying = require_min_satisfying();
    var minVersion = require_min_version();
    var validRange = require_valid2();
    var outside = require_outside();
    var gtr = require_gtr();
    var ltr = require_ltr();
    var intersects = require_intersects();
    var simplifyRange = require_simplify();
    var subset = require_subset();
    module.exports = {
      parse,
      valid: valid2,
      clean: clean2,
      inc,
      diff,
      major,
      minor,
      patch,
      prerelease,
      compare,
      rcompare,
      compareLoose,
      compareBuild,
      sort,
      rsort,
      gt: gt2,
      lt,
      eq,
      neq,
      gte,
      lte,
      cmp,
      coerce,
      truncate,
      Comparator,
      Range,
      satisfies: satisfies3,
      toComparators,
      maxSatisfying,
      minSatisfying,
      minVersion,
      validRange,
      outside,
      gtr,
      ltr,
      intersects,
      simplifyRange,
      subset,
      SemVer,
      re: internalRe.re,
      src: internalRe.src,
      tokens: internalRe.t,
      SEMVER_SPEC_VERSION: constants.SEMVER_SPEC_VERSION,
      RELEASE_TYPES: constants.RELEASE_TYPES,
      compareIdentifiers: identifiers.compareIdentifiers,
      rcompareIdentifiers: identifiers.rcompareIdentifiers
    };
  }
});

// src/main.ts
import { tmpdir } from "node:os";
import path6 from "node:path";

// src/action-logger.ts
var actionLogger = {
  info: (message) => info(message),
  warning: (message) => warning(message),
  group: (name, fn) => group(name, fn)
};

// src/github/baseline-branch.ts
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

// src/github/assets-branch.ts
import { createHash } from "node:crypto";

// src/github/errors.ts
function isHttpError(error) {
  return error instanceof Error && typeof error.status === "number" && error.name === "HttpError";
}
var PERMISSION_STATUSES = /* @__PURE__ */ new Set([401, 403, 404]);
function permissionHint(status) {
  if (status === 401) return "the token is missing or invalid";
  if (status === 404) return "the resource does not exist or the token cannot see it";
  return "the token cannot write here (pull requests from forks get a read-only GITHUB_TOKEN; grant `permissions: pull-requests: write, contents: write` or use the two-stage workflow_run flow)";
}
function toGitHubFailure(action, error) {
  const permission = PERMISSION_STATUSES.has(error.status);
  const where = error.request?.method && error.request.url ? ` (${error.request.method} ${error.request.url})` : "";
  const hint = permission ? `: ${permissionHint(error.status)}` : "";
  return {
    ok: false,
    status: error.status,
    permission,
    reason: `${action} failed: GitHub answered ${error.status} ${firstLine(error.message)}${where}${hint}`
  };
}
async function tryGitHub(action, call) {
  try {
    return { ok: true, ...await call() };
  } catch (error) {
    if (isHttpError(error)) return toGitHubFailure(action, error);
    throw error;
  }
}
function firstLine(text) {
  return text.split("\n", 1)[0] ?? "";
}

// src/github/identity.ts
var ACTIONS_BOT_LOGIN = "github-actions[bot]";
async function resolveTokenLogin(octokit) {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    if (data.login) return data.login;
  } catch (error) {
    if (!isHttpError(error) || error.status !== 403 && error.status !== 401) throw error;
  }
  try {
    const answer = await octokit.graphql("query { viewer { login } }");
    if (answer.viewer?.login) return answer.viewer.login;
  } catch (error) {
    if (isHttpError(error) && error.status >= 500) throw error;
  }
  return ACTIONS_BOT_LOGIN;
}

// src/github/assets-branch.ts
var DEFAULT_ASSETS_BRANCH = "perf-gate-assets";
var ForeignHeadError = class extends Error {
};
var README = `# perf-gate assets

This branch holds chart images that perf-gate links from pull request comments. It shares no history
with the code and is safe to prune or delete; see docs/assets-branch.md in perf-gate.
`;
function contentAddressedPath(content, options) {
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 16);
  const month = (options.now ?? /* @__PURE__ */ new Date()).toISOString().slice(0, 7);
  return `${options.dir ?? "charts"}/${month}/${hash}.${options.ext}`;
}
function assetUrl(serverUrl, owner, repo, commitSha, path7) {
  const encoded = path7.split("/").map(encodeURIComponent).join("/");
  return `${serverUrl.replace(/\/+$/, "")}/${owner}/${repo}/blob/${commitSha}/${encoded}?raw=true`;
}
async function publishAssets(octokit, options) {
  const { owner, repo, files } = options;
  const branch = options.branch ?? DEFAULT_ASSETS_BRANCH;
  for (const file of files) assertSafePath(file.path);
  const action = `Publishing ${files.length} chart(s) to ${owner}/${repo}@${branch}`;
  try {
    return await commitAssets(octokit, options, branch, action);
  } catch (error) {
    if (!(error instanceof ForeignHeadError)) throw error;
    return { ok: false, status: 409, permission: false, reason: `${action} failed: ${error.message}` };
  }
}
async function commitAssets(octokit, options, branch, action) {
  const { owner, repo, files } = options;
  return tryGitHub(action, async () => {
    const author = options.author ?? await resolveTokenLogin(octokit);
    const git = octokit.rest.git;
    const entries = [];
    for (const file of files) {
      const { data } = await git.createBlob({
        owner,
        repo,
        content: file.content.toString("base64"),
        encoding: "base64"
      });
      entries.push({ path: file.path, mode: "100644", type: "blob", sha: data.sha });
    }
    const message = options.message ?? `perf-gate: ${files.length} chart(s)`;
    let commit;
    for (let attempt = 1; commit === void 0; attempt++) {
      const head = await readHead(octokit, owner, repo, branch);
      if (head !== void 0 && head.author !== author) {
        throw new ForeignHeadError(
          `the head of ${branch} (${head.commitSha.slice(0, 7)}) was written by ${head.author ?? "an unknown author"}, not by this token's identity ${author}; not committing on top of it (delete the branch or set another one)`
        );
      }
      try {
        if (head === void 0) {
          const tree = await git.createTree({
            owner,
            repo,
            tree: [
              ...entries,
              { path: "README.md", mode: "100644", type: "blob", content: options.readme ?? README }
            ]
          });
          const root = await git.createCommit({ owner, repo, message, tree: tree.data.sha, parents: [] });
          await git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: root.data.sha });
          commit = { sha: root.data.sha, committed: true };
        } else {
          const tree = await git.createTree({ owner, repo, base_tree: head.treeSha, tree: entries });
          if (tree.data.sha === head.treeSha) {
            commit = { sha: head.commitSha, committed: false };
          } else {
            const next = await git.createCommit({
              owner,
              repo,
              message,
              tree: tree.data.sha,
              parents: [head.commitSha]
            });
            await git.updateRef({ owner, repo, ref: `heads/${branch}`, sha: next.data.sha, force: false });
            commit = { sha: next.data.sha, committed: true };
          }
        }
      } catch (error) {
        if (attempt >= 2 || !isHttpError(error) || error.status !== 422) throw error;
      }
    }
    const serverUrl = options.serverUrl ?? "https://github.com";
    return {
      commitSha: commit.sha,
      committed: commit.committed,
      files: files.map((file) => ({
        path: file.path,
        url: assetUrl(serverUrl, owner, repo, commit.sha, file.path)
      }))
    };
  });
}
async function readHead(octokit, owner, repo, branch) {
  let commitSha;
  try {
    const ref = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
    commitSha = ref.data.object.sha;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return void 0;
    throw error;
  }
  const commit = await octokit.rest.repos.getCommit({ owner, repo, ref: commitSha });
  return { commitSha, treeSha: commit.data.commit.tree.sha, author: commit.data.author?.login };
}
function assertSafePath(path7) {
  if (path7 === "" || path7.startsWith("/") || path7.split("/").some((part) => part === "" || part === "..")) {
    throw new Error(`asset path must be relative and normalised, got ${JSON.stringify(path7)}`);
  }
}

// src/github/baseline-branch.ts
var DEFAULT_BASELINE_BRANCH = "perf-gate-data";
var README2 = `# perf-gate data

This branch holds the baseline file(s) the perf-gate nightly writes and pull request gates read. It
shares no history with the code; each nightly adds one commit. Do not merge it into your code.
`;
async function readBaselineFromBranch(octokit, where) {
  const { owner, repo, branch } = where;
  return tryGitHub(`Reading ${where.path} from ${owner}/${repo}@${branch}`, async () => {
    let commitSha;
    try {
      commitSha = (await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` })).data.object.sha;
    } catch (error) {
      if (isHttpError(error) && error.status === 404) return { content: null, commitSha: null };
      throw error;
    }
    const commit = await octokit.rest.git.getCommit({ owner, repo, commit_sha: commitSha });
    const tree = await octokit.rest.git.getTree({
      owner,
      repo,
      tree_sha: commit.data.tree.sha,
      recursive: "true"
    });
    const entry = tree.data.tree.find((e) => e.path === where.path && e.type === "blob");
    if (!entry?.sha) return { content: null, commitSha };
    const blob = await octokit.rest.git.getBlob({ owner, repo, file_sha: entry.sha });
    const content = Buffer.from(blob.data.content, blob.data.encoding === "base64" ? "base64" : "utf8");
    return { content, commitSha };
  });
}
async function writeBaselineToBranch(octokit, where) {
  const published = await publishAssets(octokit, {
    owner: where.owner,
    repo: where.repo,
    branch: where.branch,
    files: [{ path: where.path, content: where.content }],
    message: where.message,
    readme: README2
  });
  if (!published.ok) return published;
  return { ok: true, commitSha: published.commitSha, committed: published.committed };
}
function branchPathFor(workspace, baselineFile) {
  const relative = path.relative(workspace, baselineFile).split(path.sep).join("/");
  return relative === "" || relative.startsWith("../") || path.isAbsolute(relative) ? path.basename(baselineFile) : relative;
}
async function pullBaseline(octokit, where, dest, log) {
  const read = await readBaselineFromBranch(octokit, where);
  const at = `${where.owner}/${where.repo}@${where.branch}:${where.path}`;
  if (!read.ok) {
    log.warning(`${read.reason}; using the baseline file in the repository`);
    return false;
  }
  if (read.content === null) {
    log.info(`no baseline on ${at} yet; using the baseline file in the repository`);
    return false;
  }
  await mkdir(path.dirname(dest), { recursive: true });
  await writeFile(dest, read.content);
  log.info(`baseline read from ${at} (commit ${read.commitSha?.slice(0, 12)})`);
  return true;
}
async function pushBaseline(octokit, where, source, log, message = `perf-gate baseline: ${where.path}`) {
  const written = await writeBaselineToBranch(octokit, { ...where, content: await readFile(source), message });
  if (!written.ok) throw new InfrastructureError(`${written.reason}; the nightly baseline was not stored`);
  log.info(
    `baseline ${written.committed ? "written to" : "unchanged on"} ${where.owner}/${where.repo}@${where.branch}:${where.path} (commit ${written.commitSha.slice(0, 12)})`
  );
  return written.commitSha;
}

// src/config/inputs.ts
var Inputs = {
  Config: "config",
  Mode: "mode",
  Baseline: "baseline",
  GithubToken: "github-token",
  Comment: "comment",
  Threshold: "threshold",
  OutDir: "out-dir",
  CommentKey: "comment-key",
  Results: "results",
  BaselineBranch: "baseline-branch",
  K6Flags: "k6-flags",
  K6Version: "k6-version",
  UploadArtifacts: "upload-artifacts"
};
function getInputs() {
  const problems = [];
  const mode = getInput(Inputs.Mode) || "gate";
  if (mode !== "gate" && mode !== "baseline" && mode !== "publish") {
    problems.push(`input "${Inputs.Mode}": expected "gate", "baseline" or "publish", got "${mode}"`);
  }
  let comment = true;
  try {
    comment = getInput(Inputs.Comment) === "" ? true : getBooleanInput(Inputs.Comment);
  } catch {
    problems.push(`input "${Inputs.Comment}": expected true or false, got "${getInput(Inputs.Comment)}"`);
  }
  const thresholdText = getInput(Inputs.Threshold);
  let threshold;
  if (thresholdText) {
    const parsed = parseThreshold(thresholdText);
    if (parsed === null) {
      problems.push(
        `input "${Inputs.Threshold}": expected a fraction such as 0.1 or a percentage such as 10%, got "${thresholdText}"`
      );
    } else threshold = parsed;
  }
  const commentKey = getInput(Inputs.CommentKey) || "default";
  if (!/^[\w.-]+$/.test(commentKey)) {
    problems.push(
      `input "${Inputs.CommentKey}": expected letters, digits, "-", "_" or ".", got "${commentKey}"`
    );
  }
  const results = getInput(Inputs.Results) || void 0;
  if (mode === "publish" && !results)
    problems.push(`input "${Inputs.Results}": required when mode is "publish"`);
  const branchInput = getInput(Inputs.BaselineBranch) || DEFAULT_BASELINE_BRANCH;
  const baselineBranch2 = branchInput === "none" ? void 0 : branchInput;
  if (baselineBranch2 && !/^(?!\/|.*(?:\.\.|\/\/|@\{|\.lock$|\/$))[\w./-]+$/.test(baselineBranch2)) {
    problems.push(`input "${Inputs.BaselineBranch}": expected a branch name, got "${baselineBranch2}"`);
  }
  let uploadArtifacts2 = true;
  try {
    uploadArtifacts2 = getInput(Inputs.UploadArtifacts) === "" ? true : getBooleanInput(Inputs.UploadArtifacts);
  } catch {
    problems.push(
      `input "${Inputs.UploadArtifacts}": expected true or false, got "${getInput(Inputs.UploadArtifacts)}"`
    );
  }
  const k6FlagsText = getInput(Inputs.K6Flags);
  const k6Flags = k6FlagsText ? splitK6Flags(k6FlagsText) : void 0;
  for (const flag of k6Flags ?? []) {
    const problem = k6FlagProblem(flag);
    if (problem) problems.push(`input "${Inputs.K6Flags}": ${problem}`);
  }
  const k6VersionText = getInput(Inputs.K6Version);
  if (k6VersionText && !K6_VERSION_PATTERN.test(k6VersionText))
    problems.push(
      `input "${Inputs.K6Version}": expected a k6 release such as "1.8.1", got "${k6VersionText}"`
    );
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    config: getInput(Inputs.Config) || "perf-gate.yml",
    mode,
    baseline: getInput(Inputs.Baseline) || void 0,
    githubToken: getInput(Inputs.GithubToken),
    comment,
    threshold,
    outDir: getInput(Inputs.OutDir) || "perf-gate-results",
    commentKey,
    results,
    baselineBranch: baselineBranch2,
    k6Flags,
    k6Version: k6VersionText ? normalizeK6Version(k6VersionText) : void 0,
    uploadArtifacts: uploadArtifacts2
  };
}

// node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var import_light = __toESM(require_light(), 1);
var VERSION = "0.0.0-development";
var noop = () => Promise.resolve();
function wrapRequest(state, request, options) {
  return state.retryLimiter.schedule(doRequest, state, request, options);
}
async function doRequest(state, request, options) {
  const { pathname } = new URL(options.url, "http://github.test");
  const isAuth = isAuthRequest(options.method, pathname);
  const isWrite = !isAuth && options.method !== "GET" && options.method !== "HEAD";
  const isSearch = options.method === "GET" && pathname.startsWith("/search/");
  const isGraphQL = pathname.startsWith("/graphql");
  const retryCount = ~~request.retryCount;
  const jobOptions = retryCount > 0 ? { priority: 0, weight: 0 } : {};
  if (state.clustering) {
    jobOptions.expiration = 1e3 * 60;
  }
  if (isWrite || isGraphQL) {
    await state.write.key(state.id).schedule(jobOptions, noop);
  }
  if (isWrite && state.triggersNotification(pathname)) {
    await state.notifications.key(state.id).schedule(jobOptions, noop);
  }
  if (isSearch) {
    await state.search.key(state.id).schedule(jobOptions, noop);
  }
  const req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request, options);
  if (isGraphQL) {
    const res = await req;
    if (res.data.errors != null && res.data.errors.some((error) => error.type === "RATE_LIMITED")) {
      const error = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
      throw error;
    }
  }
  return req;
}
function isAuthRequest(method, pathname) {
  return method === "PATCH" && // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-a-scoped-access-token
  /^\/applications\/[^/]+\/token\/scoped$/.test(pathname) || method === "POST" && // https://docs.github.com/en/rest/apps/oauth-applications?apiVersion=2022-11-28#reset-a-token
  (/^\/applications\/[^/]+\/token$/.test(pathname) || // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-an-installation-access-token-for-an-app
  /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
  pathname === "/login/oauth/access_token");
}
var triggers_notification_paths_default = [
  "/orgs/{org}/invitations",
  "/orgs/{org}/invitations/{invitation_id}",
  "/orgs/{org}/teams/{team_slug}/discussions",
  "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
  "/repos/{owner}/{repo}/collaborators/{username}",
  "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "/repos/{owner}/{repo}/releases",
  "/teams/{team_id}/discussions",
  "/teams/{team_id}/discussions/{discussion_number}/comments"
];
function routeMatcher(paths) {
  const regexes = paths.map(
    (path7) => path7.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  );
  const regex2 = `^(?:${regexes.map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}
var regex = routeMatcher(triggers_notification_paths_default);
var triggersNotification = regex.test.bind(regex);
var groups = {};
var createGroups = function(Bottleneck, common) {
  groups.global = new Bottleneck.Group({
    id: "octokit-global",
    maxConcurrent: 10,
    ...common
  });
  groups.auth = new Bottleneck.Group({
    id: "octokit-auth",
    maxConcurrent: 1,
    ...common
  });
  groups.search = new Bottleneck.Group({
    id: "octokit-search",
    maxConcurrent: 1,
    minTime: 2e3,
    ...common
  });
  groups.write = new Bottleneck.Group({
    id: "octokit-write",
    maxConcurrent: 1,
    minTime: 1e3,
    ...common
  });
  groups.notifications = new Bottleneck.Group({
    id: "octokit-notifications",
    maxConcurrent: 1,
    minTime: 3e3,
    ...common
  });
};
function throttling(octokit, octokitOptions) {
  const {
    enabled = true,
    Bottleneck = import_light.default,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled) {
    return {};
  }
  const common = { timeout };
  if (typeof connection !== "undefined") {
    common.connection = connection;
  }
  const state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit !== "function" || typeof state.onRateLimit !== "function") {
    throw new Error(`octokit/plugin-throttling error:
        You must pass the onSecondaryRateLimit and onRateLimit error handlers.
        See https://octokit.github.io/rest.js/#throttling

        const octokit = new Octokit({
          throttle: {
            onSecondaryRateLimit: (retryAfter, options) => {/* ... */},
            onRateLimit: (retryAfter, options) => {/* ... */}
          }
        })
    `);
  }
  let initialized = false;
  const initializeBottleneck = () => {
    if (initialized) {
      return;
    }
    initialized = true;
    if (groups.global == null) {
      createGroups(Bottleneck, common);
    }
    state.global = state.global ?? groups.global;
    state.auth = state.auth ?? groups.auth;
    state.search = state.search ?? groups.search;
    state.write = state.write ?? groups.write;
    state.notifications = state.notifications ?? groups.notifications;
    state.retryLimiter = state.retryLimiter ?? new Bottleneck();
    const events = {};
    const emitter = new Bottleneck.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit);
    events.on("rate-limit", state.onRateLimit);
    events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    );
    state.retryLimiter.on("failed", async function(error, info2) {
      const [state2, request, options] = info2.args;
      const { pathname } = new URL(options.url, "http://github.test");
      const shouldRetryGraphQL = pathname.startsWith("/graphql") && error.status !== 401;
      if (!(shouldRetryGraphQL || error.status === 403 || error.status === 429)) {
        return;
      }
      const retryCount = ~~request.retryCount;
      request.retryCount = retryCount;
      options.request.retryCount = retryCount;
      const { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error.message)) {
          const retryAfter2 = Number(error.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          const wantRetry2 = await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        if (error.response.headers != null && error.response.headers["x-ratelimit-remaining"] === "0" || (error.response.data?.errors ?? []).some(
          (error2) => error2.type === "RATE_LIMITED"
        )) {
          const rateLimitReset = new Date(
            ~~error.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime();
          const retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          const wantRetry2 = await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry) {
        request.retryCount++;
        return retryAfter * state2.retryAfterBaseValue;
      }
    });
  };
  octokit.hook.wrap("request", (request, options) => {
    initializeBottleneck();
    return wrapRequest(state, request, options);
  });
  return {};
}
throttling.VERSION = VERSION;
throttling.triggersNotification = triggersNotification;

// src/github/client.ts
var RATE_LIMIT_RETRIES = 2;
var DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];
function createOctokit(token, options = {}) {
  const env = options.env ?? process.env;
  const baseUrl = options.baseUrl ?? env["GITHUB_API_URL"] ?? "https://api.github.com";
  const retryAfterBaseValue = options.retryAfterBaseValue ?? 1e3;
  const onLimit = (kind) => (retryAfter, request, _octokit, retryCount) => {
    const retrying = retryCount < RATE_LIMIT_RETRIES;
    warning(
      `GitHub ${kind} hit on ${request.method} ${request.url}; ` + (retrying ? `retrying in ${retryAfter} s (retry ${retryCount + 1} of ${RATE_LIMIT_RETRIES})` : "giving up")
    );
    return retrying;
  };
  return getOctokit(
    token,
    {
      baseUrl,
      retry: { doNotRetry: DO_NOT_RETRY, retryAfterBaseValue },
      throttle: options.spaceWrites === false ? { enabled: false } : {
        retryAfterBaseValue,
        onRateLimit: onLimit("rate limit"),
        onSecondaryRateLimit: onLimit("secondary rate limit")
      }
    },
    retry,
    throttling
  );
}

// src/github/context.ts
import { readFile as readFile2 } from "node:fs/promises";
var repoRef = external_exports.object({ full_name: external_exports.string() }).nullish();
var pullRequestEvent = external_exports.object({
  pull_request: external_exports.object({
    number: external_exports.number().int().positive(),
    head: external_exports.object({ sha: external_exports.string(), repo: repoRef }),
    base: external_exports.object({ repo: repoRef })
  })
});
var workflowRunEvent = external_exports.object({
  workflow_run: external_exports.object({
    id: external_exports.number().int(),
    event: external_exports.string(),
    conclusion: external_exports.string().nullish(),
    head_sha: external_exports.string(),
    head_branch: external_exports.string().nullish(),
    head_repository: repoRef,
    pull_requests: external_exports.array(
      external_exports.object({
        number: external_exports.number().int().positive(),
        head: external_exports.object({ sha: external_exports.string() }).optional(),
        base: external_exports.object({ repo: external_exports.object({ url: external_exports.string() }).partial().optional() }).optional()
      })
    ).nullish()
  })
});
var PULL_REQUEST_EVENTS = /* @__PURE__ */ new Set(["pull_request", "pull_request_target", "pull_request_review"]);
function parseRunContext(env, event) {
  const repository = env["GITHUB_REPOSITORY"] ?? "";
  const [owner, repo, ...rest] = repository.split("/");
  if (!owner || !repo || rest.length > 0) {
    throw new ConfigError([`GITHUB_REPOSITORY: expected "owner/repo", got ${JSON.stringify(repository)}`]);
  }
  const eventName = env["GITHUB_EVENT_NAME"] ?? "";
  const serverUrl = trimSlash(env["GITHUB_SERVER_URL"] || "https://github.com");
  const runId = env["GITHUB_RUN_ID"] || void 0;
  return {
    owner,
    repo,
    eventName,
    serverUrl,
    apiUrl: trimSlash(env["GITHUB_API_URL"] || "https://api.github.com"),
    sha: env["GITHUB_SHA"] || void 0,
    runId,
    runUrl: runId ? runUrl(serverUrl, owner, repo, runId) : void 0,
    pullRequest: PULL_REQUEST_EVENTS.has(eventName) ? parsePullRequest(event, eventName) : void 0,
    workflowRun: eventName === "workflow_run" ? parseWorkflowRun(event, `${owner}/${repo}`) : void 0
  };
}
function runUrl(serverUrl, owner, repo, runId) {
  return `${trimSlash(serverUrl)}/${owner}/${repo}/actions/runs/${runId}`;
}
async function readEventPayload(env = process.env) {
  const path7 = env["GITHUB_EVENT_PATH"];
  if (!path7) return {};
  let text;
  try {
    text = await readFile2(path7, "utf8");
  } catch (error) {
    throw new ConfigError([`GITHUB_EVENT_PATH: cannot read ${path7}: ${error.message}`]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError([`GITHUB_EVENT_PATH: ${path7} is not JSON: ${error.message}`]);
  }
}
async function readRunContext(env = process.env) {
  return parseRunContext(env, await readEventPayload(env));
}
function parsePullRequest(event, eventName) {
  const parsed = pullRequestEvent.safeParse(event);
  if (!parsed.success) throw payloadError(eventName, parsed.error);
  const pr = parsed.data.pull_request;
  const headRepo = pr.head.repo?.full_name;
  const baseRepo = pr.base.repo?.full_name;
  return {
    number: pr.number,
    headSha: pr.head.sha,
    // A deleted fork has head.repo null: still a fork, and still a read-only token.
    isFork: headRepo === void 0 || headRepo !== baseRepo,
    headRepo: headRepo ?? ""
  };
}
function parseWorkflowRun(event, repository) {
  const parsed = workflowRunEvent.safeParse(event);
  if (!parsed.success) throw payloadError("workflow_run", parsed.error);
  const run2 = parsed.data.workflow_run;
  const listed = (run2.pull_requests ?? []).find(
    (pr) => (pr.head === void 0 || pr.head.sha === run2.head_sha) && (pr.base?.repo?.url === void 0 || pr.base.repo.url.endsWith(`/repos/${repository}`))
  );
  return {
    runId: run2.id,
    event: run2.event,
    conclusion: run2.conclusion ?? null,
    headSha: run2.head_sha,
    headBranch: run2.head_branch ?? null,
    headRepo: run2.head_repository?.full_name ?? null,
    pullRequestNumber: listed?.number
  };
}
function payloadError(eventName, error) {
  return new ConfigError(
    error.issues.map(
      (issue) => `GITHUB_EVENT_PATH: ${eventName} payload ${issue.path.join(".") || "(root)"}: ${issue.message}`
    )
  );
}
function refuseUntrustedMeasuring(eventName, mode) {
  if (eventName !== "pull_request_target") return;
  throw new ConfigError([
    `GITHUB_EVENT_NAME: mode "${mode}" refuses to run on pull_request_target, which gives the pull request's config and k6 scripts the base repository's write token and secrets. Measure on pull_request and post the comment from a workflow_run job with mode: publish (README "Fork pull requests"; examples/workflows/perf-gate-fork-measure.yml and perf-gate-fork-comment.yml).`
  ]);
}
function trimSlash(url) {
  return url.replace(/\/+$/, "");
}

// src/github/annotations.ts
import path2 from "node:path";
function reportFailure(error, workspace, sink = core_exports) {
  const failure = describeFailure(error);
  if (error instanceof ConfigError && error.locations.some((l) => l !== void 0)) {
    error.problems.forEach((problem, i) => {
      const at = error.locations[i];
      if (!at) return sink.error(problem);
      const message = problem.startsWith(`${at.file}: `) ? problem.slice(at.file.length + 2) : problem;
      sink.error(message, {
        file: path2.relative(workspace, at.file) || at.file,
        startLine: at.line,
        startColumn: at.column
      });
    });
    const n = error.problems.length;
    sink.setFailed(`perf-gate: ${n} problem${n > 1 ? "s" : ""} in the config (see the annotations)`);
    return failure.exitCode;
  }
  sink.setFailed(failure.message.split("\n")[0] ?? failure.message);
  if (failure.message.includes("\n")) sink.error(failure.message);
  return failure.exitCode;
}

// src/github/outputs.ts
var OUTPUTS = {
  verdict: "verdict",
  resultsPath: "results-path",
  reportPath: "report-path",
  commentUrl: "comment-url",
  regressedCells: "regressed-cells",
  change: "change",
  artifactUrl: "artifact-url"
};
function setOutputs(values, setOutput2 = setOutput) {
  for (const key of Object.keys(OUTPUTS)) {
    const value = values[key];
    if (value !== void 0) setOutput2(OUTPUTS[key], value);
  }
}
function verdictOutputs(results) {
  const gated = results.cells.filter((c) => !c.control);
  const changes = gated.map((c) => c.changePct).filter((x) => x !== null && Number.isFinite(x));
  return {
    regressedCells: gated.filter((c) => c.verdict === "regression").map((c) => c.cell).join(","),
    ...changes.length > 0 ? { change: Math.max(...changes).toFixed(1) } : {}
  };
}

// src/github/upload-artifacts.ts
import { readdir } from "node:fs/promises";
import path3 from "node:path";
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path3.join(e.parentPath, e.name));
}
function artifactName(commentKey, mode) {
  const base = `perf-gate-${commentKey}${mode === "baseline" ? "-baseline" : ""}`;
  return base.replace(/["':<>|*?\\/\r\n]/g, "-");
}
async function uploadArtifacts(input) {
  const env = input.env ?? process.env;
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
    input.log.info("not in a GitHub Actions job (no ACTIONS_RUNTIME_TOKEN): artifacts not uploaded");
    return void 0;
  }
  try {
    const files = await filesUnder(input.dir);
    if (files.length === 0) {
      input.log.warning(`nothing to upload in ${input.dir}`);
      return void 0;
    }
    const client = input.client ?? new (await import("./chunks/artifact-H23W5DLY.js")).DefaultArtifactClient();
    const { id } = await client.uploadArtifact(input.name, files, input.dir);
    if (id === void 0) throw new Error("the artifact service returned no id");
    const url = input.runUrl ? `${input.runUrl}/artifacts/${id}` : void 0;
    input.log.info(`uploaded artifact ${input.name} (${files.length} files)${url ? `: ${url}` : ""}`);
    return { id, name: input.name, url };
  } catch (error) {
    input.log.warning(
      `uploading the artifact ${input.name} failed: ${error.message.split("\n")[0]}; the files are in ${input.dir}`
    );
    return void 0;
  }
}

// src/load/install-k6.ts
import { createHash as createHash2 } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile as readFile3 } from "node:fs/promises";
import path5 from "node:path";

// node_modules/@actions/tool-cache/lib/tool-cache.js
import * as crypto from "crypto";
import * as fs from "fs";

// node_modules/@actions/tool-cache/lib/manifest.js
var semver = __toESM(require_semver2(), 1);

// node_modules/@actions/tool-cache/lib/tool-cache.js
import * as os from "os";
import * as path4 from "path";
var semver2 = __toESM(require_semver2(), 1);
import * as stream from "stream";
import * as util from "util";
import { ok } from "assert";

// node_modules/@actions/tool-cache/lib/retry-helper.js
var __awaiter = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve) {
      resolve(value);
    });
  }
  return new (P || (P = Promise))(function(resolve, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var RetryHelper = class {
  constructor(maxAttempts, minSeconds, maxSeconds) {
    if (maxAttempts < 1) {
      throw new Error("max attempts should be greater than or equal to 1");
    }
    this.maxAttempts = maxAttempts;
    this.minSeconds = Math.floor(minSeconds);
    this.maxSeconds = Math.floor(maxSeconds);
    if (this.minSeconds > this.maxSeconds) {
      throw new Error("min seconds should be less than or equal to max seconds");
    }
  }
  execute(action, isRetryable) {
    return __awaiter(this, void 0, void 0, function* () {
      let attempt = 1;
      while (attempt < this.maxAttempts) {
        try {
          return yield action();
        } catch (err) {
          if (isRetryable && !isRetryable(err)) {
            throw err;
          }
          info(err.message);
        }
        const seconds = this.getSleepAmount();
        info(`Waiting ${seconds} seconds before trying again`);
        yield this.sleep(seconds);
        attempt++;
      }
      return yield action();
    });
  }
  getSleepAmount() {
    return Math.floor(Math.random() * (this.maxSeconds - this.minSeconds + 1)) + this.minSeconds;
  }
  sleep(seconds) {
    return __awaiter(this, void 0, void 0, function* () {
      return new Promise((resolve) => setTimeout(resolve, seconds * 1e3));
    });
  }
};

// node_modules/@actions/tool-cache/lib/tool-cache.js
var __awaiter2 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve) {
      resolve(value);
    });
  }
  return new (P || (P = Promise))(function(resolve, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var HTTPError = class extends Error {
  constructor(httpStatusCode) {
    super(`Unexpected HTTP response: ${httpStatusCode}`);
    this.httpStatusCode = httpStatusCode;
    Object.setPrototypeOf(this, new.target.prototype);
  }
};
var IS_WINDOWS = process.platform === "win32";
var IS_MAC = process.platform === "darwin";
var userAgent = "actions/tool-cache";
function downloadTool(url, dest, auth, headers) {
  return __awaiter2(this, void 0, void 0, function* () {
    dest = dest || path4.join(_getTempDirectory(), crypto.randomUUID());
    yield mkdirP(path4.dirname(dest));
    debug(`Downloading ${url}`);
    debug(`Destination ${dest}`);
    const maxAttempts = 3;
    const minSeconds = _getGlobal("TEST_DOWNLOAD_TOOL_RETRY_MIN_SECONDS", 10);
    const maxSeconds = _getGlobal("TEST_DOWNLOAD_TOOL_RETRY_MAX_SECONDS", 20);
    const retryHelper = new RetryHelper(maxAttempts, minSeconds, maxSeconds);
    return yield retryHelper.execute(() => __awaiter2(this, void 0, void 0, function* () {
      return yield downloadToolAttempt(url, dest || "", auth, headers);
    }), (err) => {
      if (err instanceof HTTPError && err.httpStatusCode) {
        if (err.httpStatusCode < 500 && err.httpStatusCode !== 408 && err.httpStatusCode !== 429) {
          return false;
        }
      }
      return true;
    });
  });
}
function downloadToolAttempt(url, dest, auth, headers) {
  return __awaiter2(this, void 0, void 0, function* () {
    if (fs.existsSync(dest)) {
      throw new Error(`Destination file path ${dest} already exists`);
    }
    const http = new HttpClient(userAgent, [], {
      allowRetries: false
    });
    if (auth) {
      debug("set auth");
      if (headers === void 0) {
        headers = {};
      }
      headers.authorization = auth;
    }
    const response = yield http.get(url, headers);
    if (response.message.statusCode !== 200) {
      const err = new HTTPError(response.message.statusCode);
      debug(`Failed to download from "${url}". Code(${response.message.statusCode}) Message(${response.message.statusMessage})`);
      throw err;
    }
    const pipeline2 = util.promisify(stream.pipeline);
    const responseMessageFactory = _getGlobal("TEST_DOWNLOAD_TOOL_RESPONSE_MESSAGE_FACTORY", () => response.message);
    const readStream = responseMessageFactory();
    let succeeded = false;
    try {
      yield pipeline2(readStream, fs.createWriteStream(dest));
      debug("download complete");
      succeeded = true;
      return dest;
    } finally {
      if (!succeeded) {
        debug("download failed");
        try {
          yield rmRF(dest);
        } catch (err) {
          debug(`Failed to delete '${dest}'. ${err.message}`);
        }
      }
    }
  });
}
function extractTar(file_1, dest_1) {
  return __awaiter2(this, arguments, void 0, function* (file, dest, flags = "xz") {
    if (!file) {
      throw new Error("parameter 'file' is required");
    }
    dest = yield _createExtractFolder(dest);
    debug("Checking tar --version");
    let versionOutput = "";
    yield exec("tar --version", [], {
      ignoreReturnCode: true,
      silent: true,
      listeners: {
        stdout: (data) => versionOutput += data.toString(),
        stderr: (data) => versionOutput += data.toString()
      }
    });
    debug(versionOutput.trim());
    const isGnuTar = versionOutput.toUpperCase().includes("GNU TAR");
    let args;
    if (flags instanceof Array) {
      args = flags;
    } else {
      args = [flags];
    }
    if (isDebug() && !flags.includes("v")) {
      args.push("-v");
    }
    let destArg = dest;
    let fileArg = file;
    if (IS_WINDOWS && isGnuTar) {
      args.push("--force-local");
      destArg = dest.replace(/\\/g, "/");
      fileArg = file.replace(/\\/g, "/");
    }
    if (isGnuTar) {
      args.push("--warning=no-unknown-keyword");
      args.push("--overwrite");
    }
    args.push("-C", destArg, "-f", fileArg);
    yield exec(`tar`, args);
    return dest;
  });
}
function extractZip(file, dest) {
  return __awaiter2(this, void 0, void 0, function* () {
    if (!file) {
      throw new Error("parameter 'file' is required");
    }
    dest = yield _createExtractFolder(dest);
    if (IS_WINDOWS) {
      yield extractZipWin(file, dest);
    } else {
      yield extractZipNix(file, dest);
    }
    return dest;
  });
}
function extractZipWin(file, dest) {
  return __awaiter2(this, void 0, void 0, function* () {
    const escapedFile = file.replace(/'/g, "''").replace(/"|\n|\r/g, "");
    const escapedDest = dest.replace(/'/g, "''").replace(/"|\n|\r/g, "");
    const pwshPath = yield which("pwsh", false);
    if (pwshPath) {
      const pwshCommand = [
        `$ErrorActionPreference = 'Stop' ;`,
        `try { Add-Type -AssemblyName System.IO.Compression.ZipFile } catch { } ;`,
        `try { [System.IO.Compression.ZipFile]::ExtractToDirectory('${escapedFile}', '${escapedDest}', $true) }`,
        `catch { if (($_.Exception.GetType().FullName -eq 'System.Management.Automation.MethodException') -or ($_.Exception.GetType().FullName -eq 'System.Management.Automation.RuntimeException') ){ Expand-Archive -LiteralPath '${escapedFile}' -DestinationPath '${escapedDest}' -Force } else { throw $_ } } ;`
      ].join(" ");
      const args = [
        "-NoLogo",
        "-NoProfile",
        "-NonInteractive",
        "-ExecutionPolicy",
        "Unrestricted",
        "-Command",
        pwshCommand
      ];
      debug(`Using pwsh at path: ${pwshPath}`);
      yield exec(`"${pwshPath}"`, args);
    } else {
      const powershellCommand = [
        `$ErrorActionPreference = 'Stop' ;`,
        `try { Add-Type -AssemblyName System.IO.Compression.FileSystem } catch { } ;`,
        `if ((Get-Command -Name Expand-Archive -Module Microsoft.PowerShell.Archive -ErrorAction Ignore)) { Expand-Archive -LiteralPath '${escapedFile}' -DestinationPath '${escapedDest}' -Force }`,
        `else {[System.IO.Compression.ZipFile]::ExtractToDirectory('${escapedFile}', '${escapedDest}', $true) }`
      ].join(" ");
      const args = [
        "-NoLogo",
        "-Sta",
        "-NoProfile",
        "-NonInteractive",
        "-ExecutionPolicy",
        "Unrestricted",
        "-Command",
        powershellCommand
      ];
      const powershellPath = yield which("powershell", true);
      debug(`Using powershell at path: ${powershellPath}`);
      yield exec(`"${powershellPath}"`, args);
    }
  });
}
function extractZipNix(file, dest) {
  return __awaiter2(this, void 0, void 0, function* () {
    const unzipPath = yield which("unzip", true);
    const args = [file];
    if (!isDebug()) {
      args.unshift("-q");
    }
    args.unshift("-o");
    yield exec(`"${unzipPath}"`, args, { cwd: dest });
  });
}
function cacheDir(sourceDir, tool, version, arch2) {
  return __awaiter2(this, void 0, void 0, function* () {
    version = semver2.clean(version) || version;
    arch2 = arch2 || os.arch();
    debug(`Caching tool ${tool} ${version} ${arch2}`);
    debug(`source dir: ${sourceDir}`);
    if (!fs.statSync(sourceDir).isDirectory()) {
      throw new Error("sourceDir is not a directory");
    }
    const destPath = yield _createToolPath(tool, version, arch2);
    for (const itemName of fs.readdirSync(sourceDir)) {
      const s = path4.join(sourceDir, itemName);
      yield cp(s, destPath, { recursive: true });
    }
    _completeToolPath(tool, version, arch2);
    return destPath;
  });
}
function find(toolName, versionSpec, arch2) {
  if (!toolName) {
    throw new Error("toolName parameter is required");
  }
  if (!versionSpec) {
    throw new Error("versionSpec parameter is required");
  }
  arch2 = arch2 || os.arch();
  if (!isExplicitVersion(versionSpec)) {
    const localVersions = findAllVersions(toolName, arch2);
    const match = evaluateVersions(localVersions, versionSpec);
    versionSpec = match;
  }
  let toolPath = "";
  if (versionSpec) {
    versionSpec = semver2.clean(versionSpec) || "";
    const cachePath = path4.join(_getCacheDirectory(), toolName, versionSpec, arch2);
    debug(`checking cache: ${cachePath}`);
    if (fs.existsSync(cachePath) && fs.existsSync(`${cachePath}.complete`)) {
      debug(`Found tool in cache ${toolName} ${versionSpec} ${arch2}`);
      toolPath = cachePath;
    } else {
      debug("not found");
    }
  }
  return toolPath;
}
function findAllVersions(toolName, arch2) {
  const versions = [];
  arch2 = arch2 || os.arch();
  const toolPath = path4.join(_getCacheDirectory(), toolName);
  if (fs.existsSync(toolPath)) {
    const children = fs.readdirSync(toolPath);
    for (const child of children) {
      if (isExplicitVersion(child)) {
        const fullPath = path4.join(toolPath, child, arch2 || "");
        if (fs.existsSync(fullPath) && fs.existsSync(`${fullPath}.complete`)) {
          versions.push(child);
        }
      }
    }
  }
  return versions;
}
function _createExtractFolder(dest) {
  return __awaiter2(this, void 0, void 0, function* () {
    if (!dest) {
      dest = path4.join(_getTempDirectory(), crypto.randomUUID());
    }
    yield mkdirP(dest);
    return dest;
  });
}
function _createToolPath(tool, version, arch2) {
  return __awaiter2(this, void 0, void 0, function* () {
    const folderPath = path4.join(_getCacheDirectory(), tool, semver2.clean(version) || version, arch2 || "");
    debug(`destination ${folderPath}`);
    const markerPath = `${folderPath}.complete`;
    yield rmRF(folderPath);
    yield rmRF(markerPath);
    yield mkdirP(folderPath);
    return folderPath;
  });
}
function _completeToolPath(tool, version, arch2) {
  const folderPath = path4.join(_getCacheDirectory(), tool, semver2.clean(version) || version, arch2 || "");
  const markerPath = `${folderPath}.complete`;
  fs.writeFileSync(markerPath, "");
  debug("finished caching tool");
}
function isExplicitVersion(versionSpec) {
  const c = semver2.clean(versionSpec) || "";
  debug(`isExplicit: ${c}`);
  const valid2 = semver2.valid(c) != null;
  debug(`explicit? ${valid2}`);
  return valid2;
}
function evaluateVersions(versions, versionSpec) {
  let version = "";
  debug(`evaluating ${versions.length} versions`);
  versions = versions.sort((a, b) => {
    if (semver2.gt(a, b)) {
      return 1;
    }
    return -1;
  });
  for (let i = versions.length - 1; i >= 0; i--) {
    const potential = versions[i];
    const satisfied = semver2.satisfies(potential, versionSpec);
    if (satisfied) {
      version = potential;
      break;
    }
  }
  if (version) {
    debug(`matched: ${version}`);
  } else {
    debug("match not found");
  }
  return version;
}
function _getCacheDirectory() {
  const cacheDirectory = process.env["RUNNER_TOOL_CACHE"] || "";
  ok(cacheDirectory, "Expected RUNNER_TOOL_CACHE to be defined");
  return cacheDirectory;
}
function _getTempDirectory() {
  const tempDirectory = process.env["RUNNER_TEMP"] || "";
  ok(tempDirectory, "Expected RUNNER_TEMP to be defined");
  return tempDirectory;
}
function _getGlobal(key, defaultValue) {
  const value = global[key];
  return value !== void 0 ? value : defaultValue;
}

// src/load/install-k6.ts
var K6_RELEASES = "https://github.com/grafana/k6/releases/download";
var K6_SHA256 = {};
function k6ReleaseUrl(version, platform, arch2, base = K6_RELEASES) {
  const os2 = platform === "linux" ? "linux" : platform === "darwin" ? "macos" : null;
  const cpu = arch2 === "x64" ? "amd64" : arch2 === "arm64" ? "arm64" : null;
  if (!os2 || !cpu) return null;
  const ext = os2 === "linux" ? "tar.gz" : "zip";
  return `${base.replace(/\/+$/, "")}/v${version}/k6-v${version}-${os2}-${cpu}.${ext}`;
}
async function sha256File(file) {
  const hash = createHash2("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}
function parseChecksums(text) {
  const sums = /* @__PURE__ */ new Map();
  for (const line of text.split("\n")) {
    const match = /^([0-9a-f]{64})\s+\*?(\S+)\s*$/i.exec(line.trim());
    if (match) sums.set(match[2], match[1].toLowerCase());
  }
  return sums;
}
async function verifySha256(file, expected, name) {
  const actual = await sha256File(file);
  if (actual !== expected.toLowerCase()) {
    throw new InfrastructureError(
      `k6 download ${name} failed its SHA-256 check (expected ${expected}, got ${actual}); not using it. Install k6 yourself and set K6_PATH`
    );
  }
}
async function expectedSha256(url, version, pinned, log) {
  const name = path5.basename(url);
  const fixed = pinned[name];
  if (fixed) return fixed;
  const sumsUrl = `${path5.dirname(url)}/k6-v${version}-checksums.txt`;
  log.warning(`no pinned SHA-256 for ${name}; verifying it against the release's ${path5.basename(sumsUrl)}`);
  let sums;
  try {
    sums = parseChecksums(await readFile3(await downloadTool(sumsUrl), "utf8"));
  } catch (error) {
    throw new InfrastructureError(`could not download ${sumsUrl} to verify k6: ${error.message}`);
  }
  const listed = sums.get(name);
  if (!listed) throw new InfrastructureError(`${sumsUrl} lists no checksum for ${name}; not using it`);
  return listed;
}
async function ensureK6(log, env = process.env, options = {}) {
  const version = options.version ?? K6_VERSION;
  const found = await findK6(env);
  if (found && (options.version === void 0 || found.version === version)) return found;
  if (!env.RUNNER_TOOL_CACHE) return found;
  if (found) log.info(`k6 ${found.version} is installed; k6.version asks for ${version}`);
  let dir = find("k6", version);
  if (!dir) {
    const url = k6ReleaseUrl(version, process.platform, process.arch, options.releases);
    if (!url)
      throw new InfrastructureError(
        `no k6 release for ${process.platform}/${process.arch}; install k6 and set K6_PATH`
      );
    log.info(`downloading k6 v${version}`);
    const expected = await expectedSha256(url, version, options.pinned ?? K6_SHA256, log);
    const archive = await downloadTool(url);
    await verifySha256(archive, expected, path5.basename(url));
    const extracted = url.endsWith(".zip") ? await extractZip(archive) : await extractTar(archive);
    const folder = path5.join(extracted, path5.basename(url).replace(/\.(tar\.gz|zip)$/, ""));
    dir = await cacheDir(folder, "k6", version);
  }
  return findK6({ ...env, K6_PATH: path5.join(dir, "k6") });
}

// src/github/pull-requests.ts
async function findPullRequestByHead(octokit, lookup) {
  const { owner, repo, headSha } = lookup;
  return tryGitHub(`Looking up the pull request for ${headSha.slice(0, 7)}`, async () => {
    const headOwner = lookup.headRepo?.split("/")[0];
    if (headOwner && lookup.headBranch) {
      const { data } = await octokit.rest.pulls.list({
        owner,
        repo,
        state: "open",
        head: `${headOwner}:${lookup.headBranch}`,
        per_page: 100
      });
      const hit = data.find((pr) => pr.head.sha === headSha);
      if (hit) return { number: hit.number };
    }
    for await (const page of octokit.paginate.iterator(octokit.rest.pulls.list, {
      owner,
      repo,
      state: "open",
      per_page: 100
    })) {
      const hit = page.data.find((pr) => pr.head.sha === headSha);
      if (hit) return { number: hit.number };
    }
    return { number: void 0 };
  });
}

// src/github/sticky-comment.ts
async function upsertStickyComment(octokit, target) {
  const { owner, repo, issueNumber, marker, body } = target;
  if (!body.includes(marker)) throw new Error(`sticky comment body must contain its marker ${marker}`);
  return tryGitHub(`Posting the PR comment on ${owner}/${repo}#${issueNumber}`, async () => {
    const author = target.author ?? await resolveTokenLogin(octokit);
    const existing = await findCommentByMarker(octokit, { owner, repo, issueNumber, marker, author });
    if (existing !== void 0) {
      const { data: data2 } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing, body });
      return { id: data2.id, url: data2.html_url, action: "updated" };
    }
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
    return { id: data.id, url: data.html_url, action: "created" };
  });
}
async function findCommentByMarker(octokit, where) {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: where.owner,
    repo: where.repo,
    issue_number: where.issueNumber,
    per_page: 100
  });
  for await (const page of pages) {
    const hit = page.data.find(
      (comment) => comment.user?.login === where.author && comment.body?.includes(where.marker)
    );
    if (hit) return hit.id;
  }
  return void 0;
}

// src/github/summary.ts
async function writeJobSummary(markdown, options = {}) {
  const env = options.env ?? process.env;
  if (!env["GITHUB_STEP_SUMMARY"]) {
    debug("GITHUB_STEP_SUMMARY is not set; skipping the job summary");
    return false;
  }
  await (options.summary ?? summary).addRaw(markdown, true).write();
  return true;
}

// src/publish.ts
async function pullRequestNumber(octokit, context, log) {
  if (context.pullRequest) return context.pullRequest.number;
  const run2 = context.workflowRun;
  if (!run2) return void 0;
  if (run2.pullRequestNumber !== void 0) return run2.pullRequestNumber;
  const found = await findPullRequestByHead(octokit, {
    owner: context.owner,
    repo: context.repo,
    headSha: run2.headSha,
    headRepo: run2.headRepo,
    headBranch: run2.headBranch
  });
  if (!found.ok) {
    log.warning(`${found.reason}; no PR comment`);
    return void 0;
  }
  if (found.number === void 0)
    log.warning(`no open pull request has head ${run2.headSha.slice(0, 7)}; no PR comment`);
  return found.number;
}
async function publish(input) {
  const { results, context, log } = input;
  const artifactsUrl = input.artifactsUrl ?? context.runUrl;
  let images = [];
  let commentUrl;
  const wantsComment = input.comment && input.token !== "";
  const isForkPr = context.pullRequest?.isFork === true;
  if (wantsComment && isForkPr) {
    log.warning(
      'pull request from a fork: its token cannot comment. Use the two-stage workflow (mode: publish in a workflow_run job); see README "Fork pull requests".'
    );
  } else if (wantsComment && (context.pullRequest || context.workflowRun)) {
    const octokit = input.octokit ?? createOctokit(input.token, { baseUrl: context.apiUrl });
    const issueNumber = await pullRequestNumber(octokit, context, log);
    const identity = issueNumber === void 0 ? void 0 : await tryGitHub("Finding the token's identity", async () => ({
      login: await resolveTokenLogin(octokit)
    }));
    if (identity !== void 0 && !identity.ok) {
      log.warning(`${identity.reason}; no PR comment, the results are in the job summary and artifacts`);
    } else if (issueNumber !== void 0 && identity !== void 0) {
      if (input.charts.length > 0) {
        const assets = await publishAssets(octokit, {
          owner: context.owner,
          repo: context.repo,
          serverUrl: context.serverUrl,
          files: input.charts.map((chart) => ({
            path: contentAddressedPath(Buffer.from(chart.png), { ext: "png" }),
            content: Buffer.from(chart.png)
          })),
          message: `perf-gate charts for #${issueNumber}`,
          author: identity.login
        });
        if (assets.ok) {
          images = assets.files.map((file, i) => ({ url: file.url, alt: input.charts[i]?.title ?? "chart" }));
        } else {
          log.warning(`${assets.reason}; the comment shows a Mermaid chart instead`);
        }
      }
      const marker = commentMarker(input.commentKey);
      const body = renderMarkdown(results, {
        markerKey: input.commentKey,
        images,
        ...artifactsUrl ? { artifactsUrl } : {}
      });
      const comment = await upsertStickyComment(octokit, {
        owner: context.owner,
        repo: context.repo,
        issueNumber,
        marker,
        body,
        author: identity.login
      });
      if (comment.ok) {
        commentUrl = comment.url;
        log.info(`PR comment ${comment.action}: ${comment.url}`);
      } else {
        log.warning(`${comment.reason}; the results are in the job summary and artifacts`);
      }
    }
  }
  try {
    await writeJobSummary(renderJobSummary(results, { images, ...artifactsUrl ? { artifactsUrl } : {} }), {
      env: input.env ?? process.env,
      ...input.summary ? { summary: input.summary } : {}
    });
  } catch (error) {
    log.warning(`could not write the job summary: ${error.message.split("\n")[0]}`);
  }
  return { commentUrl, images };
}
var MAX_RESULTS_BYTES = 2e7;
async function readResults(file) {
  const text = readTextCapped(file, MAX_RESULTS_BYTES, 'input "results"');
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError([`input "results": ${file}: not JSON (${error.message})`]);
  }
  return parseUntrustedResults(json, file);
}

// src/main.ts
function headline(results) {
  const regressed = results.cells.filter((c) => !c.control && c.verdict === "regression").map((c) => c.cell);
  if (results.verdict === "regression")
    return `perf-gate: ${results.metric} regression in ${regressed.join(", ")}`;
  if (results.verdict === "inconclusive")
    return "perf-gate: inconclusive (no significant regression, but not enough evidence of none)";
  return "perf-gate: pass";
}
async function gateOrBaseline(settings, workspace, context, signal, guard) {
  const loaded = withK6Inputs(loadConfig(path6.resolve(workspace, settings.config)), settings);
  maskSecrets(loaded);
  const explicit = settings.baseline ? path6.resolve(workspace, settings.baseline) : void 0;
  let baselinePath = explicit ?? loaded.config.baseline.path;
  const outDir = await prepareOutDir(path6.resolve(workspace, settings.outDir), 'input "out-dir"');
  const branch = baselineBranch(settings, context, workspace, baselinePath);
  if (branch) {
    const dest = settings.mode === "baseline" ? baselinePath : tempBaselinePath(baselinePath);
    if (await pullBaseline(branch.octokit, branch.where, dest, actionLogger)) baselinePath = dest;
  }
  await checkBaseline(
    baselinePath,
    { name: loaded.config.name, metric: loaded.config.gate.metric },
    { explicit: explicit !== void 0, what: explicit ? 'input "baseline"' : "baseline.path" }
  );
  const outcome = await runGate(loaded, {
    mode: settings.mode,
    outDir,
    threshold: settings.threshold,
    baselinePath,
    log: actionLogger,
    cleanup: guard.cleanup,
    signal,
    locateK6: () => ensureK6(actionLogger, process.env, { version: loaded.config.k6.version })
  });
  if (branch && settings.mode === "baseline") {
    await pushBaseline(branch.octokit, branch.where, baselinePath, actionLogger);
  }
  return outcome;
}
function withK6Inputs(loaded, settings) {
  const k6 = {
    flags: settings.k6Flags ?? loaded.config.k6.flags,
    version: settings.k6Version ?? loaded.config.k6.version
  };
  return { ...loaded, config: { ...loaded.config, k6 } };
}
function baselineBranch(settings, context, workspace, file) {
  if (!settings.baselineBranch) return void 0;
  if (!settings.githubToken) {
    actionLogger.info("no github-token: the baseline data branch is skipped, using the repository file");
    return void 0;
  }
  return {
    octokit: createOctokit(settings.githubToken, { baseUrl: context.apiUrl }),
    where: {
      owner: context.owner,
      repo: context.repo,
      branch: settings.baselineBranch,
      path: branchPathFor(workspace, file)
    }
  };
}
function tempBaselinePath(file) {
  return path6.join(process.env.RUNNER_TEMP ?? tmpdir(), `perf-gate-baseline-${path6.basename(file)}`);
}
function maskSecrets(loaded) {
  for (const value of loaded.interpolated) if (looksSecret(value)) setSecret(value.value);
}
async function publishSafely(input) {
  try {
    return await publish(input);
  } catch (error) {
    warning(`publishing the report failed: ${describeFailure(error).message.split("\n")[0]}`);
    return { commentUrl: void 0, images: [] };
  }
}
async function run() {
  const guard = guardInterrupts(actionLogger);
  try {
    const settings = getInputs();
    const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const context = await readRunContext();
    let results;
    let exitCode;
    let paths;
    let charts;
    if (settings.mode !== "publish") refuseUntrustedMeasuring(context.eventName, settings.mode);
    if (settings.mode === "publish") {
      const dir = path6.resolve(workspace, settings.results);
      results = await readResults(path6.join(dir, "results.json"));
      const outDir = await prepareOutDir(path6.resolve(workspace, settings.outDir), 'input "out-dir"');
      const artifacts = await writeArtifacts(results, outDir, actionLogger);
      paths = artifacts;
      charts = artifacts.charts;
      exitCode = 0;
    } else {
      const outcome = await gateOrBaseline(
        { ...settings, mode: settings.mode },
        workspace,
        context,
        guard.signal,
        guard
      );
      results = outcome.results;
      paths = outcome.artifacts;
      charts = outcome.artifacts.charts;
      exitCode = outcome.exitCode;
    }
    const artifact = settings.uploadArtifacts ? await actionLogger.group(
      "Upload the artifacts",
      () => uploadArtifacts({
        dir: paths.dir,
        name: artifactName(settings.commentKey, settings.mode),
        runUrl: context.runUrl,
        log: actionLogger
      })
    ) : void 0;
    const published = await actionLogger.group(
      "Publish the report",
      () => publishSafely({
        artifactsUrl: artifact?.url,
        results,
        charts,
        context,
        token: settings.githubToken,
        comment: settings.comment && settings.mode !== "baseline",
        commentKey: settings.commentKey,
        log: actionLogger
      })
    );
    setOutputs({
      verdict: results.verdict,
      resultsPath: paths.resultsPath,
      reportPath: paths.reportPath,
      ...verdictOutputs(results),
      ...published.commentUrl ? { commentUrl: published.commentUrl } : {},
      ...artifact?.url ? { artifactUrl: artifact.url } : {}
    });
    if (exitCode !== 0) {
      setFailed(headline(results));
      process.exitCode = exitCode;
    } else if (results.verdict === "inconclusive") {
      warning(headline(results));
    } else {
      info(headline(results));
    }
  } catch (error) {
    process.exitCode = reportFailure(error, process.env.GITHUB_WORKSPACE ?? process.cwd());
  } finally {
    guard.dispose();
  }
}

// src/index.ts
await run();
process.exit();
