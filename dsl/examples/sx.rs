use gigscript_dsl::card::{CardText, CardType};
use gigscript_dsl::syntax::{parse_text, sexpr, tree::Textbox};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = match args.get(2).map(String::as_str) {
        Some("program") => CardType::Program,
        Some("gear") => CardType::Gear,
        Some("legend") => CardType::Legend,
        _ => CardType::Unit,
    };
    let t = args[1].replace("\\n", "\n");
    let text = CardText {
        text: t,
        offset: 0,
        exact: true,
    };
    match parse_text(&text, 0, kind, Textbox::Rules) {
        Ok(s) => print!("{}", sexpr(&s)),
        Err(e) => println!("{e:#?}"),
    }
}
