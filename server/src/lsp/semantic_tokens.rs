//! Semantic tokens: the legend the server announces, and the encoding of
//! highlights as LSP's relative (delta line, delta start, length) integers.
//!
//! Tokens never span lines (not every client supports multi-line tokens): a
//! highlight crossing a line end is split into one token per line.

use runic_queries::{Highlight, HighlightTag};
use tower_lsp::lsp_types::{
    Position, SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokensLegend,
};

use super::line_index::LineIndex;

/// Token types in legend order; [`token_type`] indexes into this.
const TOKEN_TYPES: [SemanticTokenType; 15] = [
    SemanticTokenType::KEYWORD,
    SemanticTokenType::NUMBER,
    SemanticTokenType::STRING,
    SemanticTokenType::COMMENT,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::FUNCTION,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::PARAMETER,
    SemanticTokenType::TYPE,
    SemanticTokenType::TYPE_PARAMETER,
    SemanticTokenType::NAMESPACE,
    SemanticTokenType::INTERFACE,
    SemanticTokenType::ENUM_MEMBER,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::DECORATOR,
];

const DECLARATION: u32 = 1 << 0;
const DOCUMENTATION: u32 = 1 << 1;
/// Runic's own modifier: a variable consumed where it is written.
const CONSUMED: u32 = 1 << 2;

pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TOKEN_TYPES.to_vec(),
        token_modifiers: vec![
            SemanticTokenModifier::DECLARATION,
            SemanticTokenModifier::DOCUMENTATION,
            SemanticTokenModifier::new("consumed"),
        ],
    }
}

fn token_type(tag: HighlightTag) -> u32 {
    match tag {
        HighlightTag::Keyword => 0,
        HighlightTag::Number => 1,
        HighlightTag::String => 2,
        HighlightTag::Comment => 3,
        HighlightTag::Operator => 4,
        HighlightTag::Function => 5,
        HighlightTag::Variable => 6,
        HighlightTag::Parameter => 7,
        HighlightTag::Type => 8,
        HighlightTag::TypeParameter => 9,
        HighlightTag::Module => 10,
        HighlightTag::ModuleType => 11,
        HighlightTag::Constructor => 12,
        HighlightTag::Property => 13,
        HighlightTag::Attribute => 14,
    }
}

fn modifiers(highlight: &Highlight) -> u32 {
    let mut bits = 0;
    if highlight.declaration {
        bits |= DECLARATION;
    }
    if highlight.documentation {
        bits |= DOCUMENTATION;
    }
    if highlight.consumed {
        bits |= CONSUMED;
    }
    bits
}

/// Encodes highlights (in source order, not overlapping) as semantic tokens.
pub fn encode(index: &LineIndex, highlights: &[Highlight]) -> Vec<SemanticToken> {
    let mut encoder = Encoder::default();
    for highlight in highlights {
        let start = index.position(highlight.range.start().into());
        let end = index.position(highlight.range.end().into());
        let kind = (token_type(highlight.tag), modifiers(highlight));
        for line in start.line..=end.line {
            let from = if line == start.line {
                start.character
            } else {
                0
            };
            let to = if line == end.line {
                end.character
            } else {
                index.line_len_utf16(line as usize)
            };
            encoder.push(Position::new(line, from), to.saturating_sub(from), kind);
        }
    }
    encoder.tokens
}

#[derive(Default)]
struct Encoder {
    tokens: Vec<SemanticToken>,
    previous: Position,
}

impl Encoder {
    fn push(&mut self, at: Position, length: u32, (token_type, modifiers): (u32, u32)) {
        if length == 0 {
            return;
        }
        let delta_line = at.line - self.previous.line;
        let delta_start = if delta_line == 0 {
            at.character - self.previous.character
        } else {
            at.character
        };
        self.tokens.push(SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type,
            token_modifiers_bitset: modifiers,
        });
        self.previous = at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runic_queries::TextRange;

    fn highlight(start: u32, end: u32, tag: HighlightTag) -> Highlight {
        Highlight {
            range: TextRange::new(start.into(), end.into()),
            tag,
            declaration: false,
            documentation: false,
            consumed: false,
        }
    }

    fn flat(tokens: &[SemanticToken]) -> Vec<[u32; 5]> {
        tokens
            .iter()
            .map(|t| {
                [
                    t.delta_line,
                    t.delta_start,
                    t.length,
                    t.token_type,
                    t.token_modifiers_bitset,
                ]
            })
            .collect()
    }

    #[test]
    fn every_tag_is_in_the_legend() {
        assert!((token_type(HighlightTag::Attribute) as usize) < legend().token_types.len());
    }

    #[test]
    fn deltas_and_utf16_lengths() {
        let text = "def é = 1\n  x";
        let index = LineIndex::new(text);
        let tokens = encode(
            &index,
            &[
                highlight(0, 3, HighlightTag::Keyword),
                highlight(4, 6, HighlightTag::Variable),
                highlight(9, 10, HighlightTag::Number),
                highlight(13, 14, HighlightTag::Variable),
            ],
        );
        assert_eq!(
            flat(&tokens),
            [
                [0, 0, 3, 0, 0],
                [0, 4, 1, 6, 0],
                [0, 4, 1, 1, 0],
                [1, 2, 1, 6, 0]
            ]
        );
    }

    #[test]
    fn multi_line_tokens_are_split() {
        let text = "\"ab\ncd\" x";
        let index = LineIndex::new(text);
        let tokens = encode(&index, &[highlight(0, 7, HighlightTag::String)]);
        assert_eq!(flat(&tokens), [[0, 0, 3, 2, 0], [1, 0, 3, 2, 0]]);
    }
}
