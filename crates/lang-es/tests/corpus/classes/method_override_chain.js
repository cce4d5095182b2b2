// Overriding across a deep hierarchy with template methods.
class Report {
  render() { return this.header() + "|" + this.body() + "|" + this.footer(); }
  header() { return "H"; }
  body() { return "B"; }
  footer() { return "F"; }
}
class Fancy extends Report { header() { return "*" + super.header() + "*"; } }
class Fancier extends Fancy { body() { return super.body().repeat(3); } }
class Fanciest extends Fancier { footer() { return this.header() + super.footer(); } }
for (const R of [Report, Fancy, Fancier, Fanciest]) console.log(R.name, new R().render());
