// The punycode package by its file: a bare "punycode" is Node's deprecated built-in of the same
// name, and the link list decodes hosts in the browser too. Its types are the package's own
// (@types/punycode).
declare module "punycode/punycode.js" {
  import * as punycode from "punycode";
  export default punycode;
}
