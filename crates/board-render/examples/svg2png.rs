//! Renders SVG files to PNG with `board_render::svg_to_png` (resvg), to look at pictures the way
//! a person sees them: `cargo run -p board-render --example svg2png -- in.svg out.png [scale]`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, rest @ ..] = args.as_slice() else {
        eprintln!("usage: svg2png IN.svg OUT.png [SCALE]");
        std::process::exit(2);
    };
    let scale: f32 = rest.first().map_or(1.0, |s| s.parse().expect("a number"));
    let text = std::fs::read_to_string(input).expect("reading the SVG");
    let png = board_render::svg_to_png(&text, scale, true).expect("a picture");
    std::fs::write(output, png).expect("writing the PNG");
}
