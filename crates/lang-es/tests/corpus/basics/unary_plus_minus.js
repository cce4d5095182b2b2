// Unary + and - convert their operand to a number.
console.log(+"42", +"", +" ", +"abc", +true, +false, +null, +undefined);
console.log(-"3", -"", -null, -true);
console.log(+"0x1f", +"1e3", +"  7  ", +"1,5", +"1.5.2");
console.log(+[], +[5], +[1, 2], +{});
console.log(-0, -(-0), 0 * -1);
