// Compatibility re-export (json/git-rules.ts imports SP-090 from here); the rule lives in SP-090.ts.
export { SP090 } from "./SP-090";
