// Nested if/else with compound conditions.
function grade(score) {
  if (score >= 90) return "A";
  else if (score >= 80) return "B";
  else if (score >= 70) return "C";
  return "F";
}
console.log([95, 85, 75, 50, 90, 89.999].map(grade).join(""));
function quadrant(x, y) {
  if (x > 0) { if (y > 0) return 1; else return 4; }
  else { if (y > 0) return 2; else return 3; }
}
console.log(quadrant(1, 1), quadrant(-1, 1), quadrant(-1, -1), quadrant(1, -1), quadrant(0, 0));
let dangling = "";
if (true) if (false) dangling = "inner"; else dangling = "else binds to inner";
console.log(dangling);
