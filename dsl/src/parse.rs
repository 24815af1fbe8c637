//! Parsing: card text → pest parse tree → typed AST ([`crate::ast`]), with back-references resolved.

use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/card.pest"]
struct CardParser;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammar_probe() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
        let mut fails = 0;
        let mut n = 0;
        for set in std::fs::read_dir(&root).unwrap() {
            for f in std::fs::read_dir(set.unwrap().path()).unwrap() {
                let p = f.unwrap().path();
                let v: toml::Value = toml::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
                for key in ["text", "top"] {
                    if let Some(t) = v.get(key).and_then(|t| t.as_str()) {
                        n += 1;
                        if let Err(e) = CardParser::parse(Rule::text, t) {
                            fails += 1;
                            eprintln!("{}:{key}\n{e}\n", p.display());
                        }
                    }
                }
            }
        }
        eprintln!("{fails} of {n} texts fail");
        assert_eq!(fails, 0);
    }
}
