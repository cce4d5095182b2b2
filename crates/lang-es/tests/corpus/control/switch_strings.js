// switch over strings including the empty string.
function cmd(c) {
  switch (c.toLowerCase()) {
    case "": return "empty";
    case "start":
    case "go": return "starting";
    case "stop": return "stopping";
    default: return "unknown '" + c + "'";
  }
}
console.log(["GO", "start", "Stop", "", "jump"].map(cmd));
