// Lexer of chorus_annot: tokens, positions, ACSL '@' decoration, errors.
#include "AnnotTestSupport.h"

#include <gtest/gtest.h>

using namespace chorus;
using namespace chorus::annot;

namespace {

std::vector<Token> lexOk(const std::string& text, unsigned line = 1, unsigned col = 1) {
  DiagnosticSink d;
  auto t = lex(text, SourcePos{"a.c", line, col}, d);
  EXPECT_TRUE(t.has_value());
  EXPECT_FALSE(d.hasErrors());
  return t ? *t : std::vector<Token>{};
}

std::string lexErr(const std::string& text) {
  DiagnosticSink d;
  auto t = lex(text, SourcePos{"a.c", 1, 1}, d);
  EXPECT_FALSE(t.has_value());
  if (d.all().empty())
    return "";
  auto& x = d.all()[0];
  return std::to_string(x.pos.line) + ":" + std::to_string(x.pos.col) + ": " + x.message;
}

std::vector<std::string> texts(const std::vector<Token>& ts) {
  std::vector<std::string> out;
  for (auto& t : ts)
    if (t.kind != Token::End)
      out.push_back(t.text);
  return out;
}

TEST(AnnotLexer, MultiCharPunctuators) {
  auto ts = lexOk("a ==> b <==> c .. -> && || == != <= >= << >> ++ -- += -= ... ^^");
  EXPECT_EQ(texts(ts), (std::vector<std::string>{"a",  "==>", "b",  "<==>", "c",  "..",  "->",
                                                 "&&", "||",  "==", "!=",   "<=", ">=",  "<<",
                                                 ">>", "++",  "--", "+=",   "-=", "...", "^^"}));
  for (size_t i = 1; i < ts.size() - 1; i += 2)
    if (ts[i].text != "b" && ts[i].text != "c")
      EXPECT_EQ(ts[i].kind, Token::Punct);
}

TEST(AnnotLexer, BackslashKeywordsAreIdentifiers) {
  auto ts = lexOk("\\result == \\mpi_comm_rank");
  ASSERT_EQ(ts.size(), 4u);
  EXPECT_EQ(ts[0].kind, Token::Ident);
  EXPECT_EQ(ts[0].text, "\\result");
  EXPECT_EQ(ts[2].text, "\\mpi_comm_rank");
  EXPECT_EQ(ts[3].kind, Token::End);
}

TEST(AnnotLexer, NumbersAndRanges) {
  auto ts = lexOk("0..n 1.5 0x1F 10UL 1e-3 .5 0.f 017 0x1p3");
  EXPECT_EQ(texts(ts), (std::vector<std::string>{"0", "..", "n", "1.5", "0x1F", "10UL", "1e-3",
                                                 ".5", "0.f", "017", "0x1p3"}));
  EXPECT_EQ(ts[0].kind, Token::IntLit);
  EXPECT_EQ(ts[3].kind, Token::RealLit);
  EXPECT_EQ(ts[4].kind, Token::IntLit);
  EXPECT_EQ(ts[5].kind, Token::IntLit);
  EXPECT_EQ(ts[6].kind, Token::RealLit);
  EXPECT_EQ(ts[7].kind, Token::RealLit);
  EXPECT_EQ(ts[10].kind, Token::RealLit);
}

TEST(AnnotLexer, CharAndStringLiterals) {
  auto ts = lexOk(R"('a' '\n' "x\"y")");
  ASSERT_EQ(ts.size(), 4u);
  EXPECT_EQ(ts[0].kind, Token::CharLit);
  EXPECT_EQ(ts[1].text, "'\\n'");
  EXPECT_EQ(ts[2].kind, Token::StringLit);
  EXPECT_EQ(ts[2].text, R"("x\"y")");
}

TEST(AnnotLexer, PositionsFollowLinesAndStartColumn) {
  auto ts = lexOk("requires x;\n  ensures  y;", 7, 4);
  ASSERT_EQ(ts.size(), 7u);
  EXPECT_EQ(ts[0].pos.file, "a.c");
  EXPECT_EQ(ts[0].pos.line, 7u);
  EXPECT_EQ(ts[0].pos.col, 4u);
  EXPECT_EQ(ts[1].pos.col, 13u);
  EXPECT_EQ(ts[3].pos.line, 8u);
  EXPECT_EQ(ts[3].pos.col, 3u);
  EXPECT_EQ(ts[4].pos.col, 12u);
  EXPECT_EQ(ts[6].kind, Token::End);
  EXPECT_EQ(ts[6].pos.line, 8u);
  EXPECT_EQ(ts[6].pos.col, 14u);
}

TEST(AnnotLexer, AcslAtDecorationIsSkipped) {
  auto ts = lexOk(" requires x;\n @ ensures y;\n   @@ assigns z;\n @");
  EXPECT_EQ(texts(ts), (std::vector<std::string>{"requires", "x", ";", "ensures", "y", ";",
                                                 "assigns", "z", ";"}));
  EXPECT_EQ(ts[3].pos.line, 2u);
  EXPECT_EQ(ts[3].pos.col, 4u);
}

TEST(AnnotLexer, AtInsideALineIsPunctuation) {
  auto ts = lexOk("PROC[0]@main.i");
  EXPECT_EQ(texts(ts), (std::vector<std::string>{"PROC", "[", "0", "]", "@", "main", ".", "i"}));
}

TEST(AnnotLexer, PragmaLineContinuationAndComments) {
  auto ts = lexOk("a == b \\\n  && c // trailing\n /* block */ d");
  EXPECT_EQ(texts(ts), (std::vector<std::string>{"a", "==", "b", "&&", "c", "d"}));
  EXPECT_EQ(ts[3].pos.line, 2u);
  EXPECT_EQ(ts[3].pos.col, 3u);
}

TEST(AnnotLexer, Errors) {
  EXPECT_EQ(lexErr("x $ y"), "1:3: invalid character '$' in annotation");
  EXPECT_EQ(lexErr("a\n  `"), "2:3: invalid character '`' in annotation");
  EXPECT_EQ(lexErr("x \\ y"), "1:3: invalid character '\\' in annotation");
  EXPECT_EQ(lexErr("\x01"), "1:1: invalid character '\\x01' in annotation");
  EXPECT_EQ(lexErr("1abc"), "1:1: invalid numeric literal '1abc' in annotation");
  EXPECT_EQ(lexErr("x = 09"), "1:5: invalid numeric literal '09' in annotation");
  EXPECT_EQ(lexErr("1e+"), "1:1: invalid numeric literal '1e+' in annotation");
  EXPECT_EQ(lexErr("'a"), "1:1: missing terminating ' character");
  EXPECT_EQ(lexErr("\"abc"), "1:1: missing terminating '\"' character");
  EXPECT_EQ(lexErr("''"), "1:1: empty character constant");
  EXPECT_EQ(lexErr("a /* b"), "1:3: unterminated comment in annotation");
}

TEST(AnnotLexer, EmptyInputIsJustEnd) {
  auto ts = lexOk("   \n  ");
  ASSERT_EQ(ts.size(), 1u);
  EXPECT_EQ(ts[0].kind, Token::End);
}

} // namespace
