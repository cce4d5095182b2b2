// at accepts negative indices.
const a = ["a", "b", "c"];
console.log(a.at(0), a.at(-1), a.at(-3), a.at(3), a.at(-4));
console.log(a.at(1.7), a.at("1"), [].at(0));
