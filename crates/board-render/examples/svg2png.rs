//! Renders SVG files to PNG with resvg, to look at pictures the way a person sees them:
//! `cargo run -p board-render --example svg2png -- in.svg out.png [scale]`.

use resvg::{tiny_skia, usvg};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, rest @ ..] = args.as_slice() else {
        eprintln!("usage: svg2png IN.svg OUT.png [SCALE]");
        std::process::exit(2);
    };
    let scale: f32 = rest.first().map_or(1.0, |s| s.parse().expect("a number"));
    let text = std::fs::read_to_string(input).expect("reading the SVG");
    let mut opts = usvg::Options::default();
    opts.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(&text, &opts).expect("a valid SVG");
    let size = tree.size().to_int_size().scale_by(scale).expect("a size");
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.save_png(output).expect("writing the PNG");
}
