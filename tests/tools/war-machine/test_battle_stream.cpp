// In-process tests of war-machine battle on a file of more than 100 battles, written as it is made
// (battle_stream.cpp): in every format, --summary or not, the same output as the report held
// whole (the same file after a [battle] table that changes nothing, which is read whole), also to
// --output and from standard input; and nothing on stdout, nor any file, when the last force has
// an error.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "../run_app.hpp"
#include "war-machine/war_app.hpp"

using namespace gunpowder;
using gunpowder::testing::read_whole;
using gunpowder::testing::run_main;
using gunpowder::testing::write_temp;

namespace {

// `n` battles' forces: attackers rated by BR, by BFR with measured statements and by BFR with
// given ones; each against its defender (`opponent`), or else paired by the book's rule with a
// divided attacker now and then.
std::string forces(int n, bool opponents) {
  std::string t;
  for (int i = 1; i <= n; ++i) {
    const std::string s = std::to_string(i);
    const int troops = 100 + (i * 37) % 900;
    t += "[[force]]\nname = \"A" + s + "\"\nside = \"north\"\nrole = \"attacker\"\ntroops = " + std::to_string(troops) +
         "\n";
    if (i % 3 == 0)
      t += "bfr = " + std::to_string(40 + (i * 13) % 90) + "\nmounted_pct = " + std::to_string((i * 7) % 60) +
           "\nmissile_pct = " + std::to_string((i * 11) % 100) + "\nmovement_ft = 120\n";
    else if (i % 3 == 1)
      t += "br = " + std::to_string(50 + (i * 17) % 100) + "\n";
    else
      t += "bfr = " + std::to_string(30 + (i * 19) % 80) + "\nstatements = [\"a\", \"c\"]\n";
    if (opponents)
      t += "opponent = \"D" + s + "\"\n";
    else if (i % 40 == 7)
      t += "split = [" + std::to_string(troops / 2) + ", " + std::to_string(troops - troops / 2) + "]\n";
    t += "tactic = \"attack\"\n\n[[force]]\nname = \"D" + s +
         "\"\nside = \"south\"\nrole = \"defender\"\ntroops = " + std::to_string(100 + (i * 53) % 900) +
         "\nbr = " + std::to_string(50 + (i * 29) % 120) + "\nsituation = [\"defending-in-place\"]\ntactic = \"" +
         (i % 5 == 0 ? "withdraw" : "hold") + "\"\n\n";
  }
  return t;
}

// Forces of every kind the table of forces and the battles show, as kept by the streamed path:
// a class given with the BR, BFRs with flyers (all, 7%, 20%, 0.5%), the factors, the quick rating,
// given statements, divided forces; situations (leader loss, a troop-class advantage, the
// defenders' lines), fatigue, attackers without a role (their side's), some `opponent`s; a fifth
// more attackers than defenders (unmatched forces).
std::string every_kind(int n) {
  const char* classes[] = {"untrained", "poor", "below-average", "fair", "average", "good", "excellent", "elite"};
  const char* attacker_lines[] = {"", "\"leader-removed\"", "\"troop-class-advantage-2\"",
                                  "\"in-liege-dominion\", \"good-reconnaissance\"", "\"officer-removed\", \"mire\""};
  const char* defender_lines[] = {"", "\"defending-in-place\"", "\"narrow-defile\"",
                                  "\"rough-terrain-or-wall\", \"leader-removed\"", "\"in-stronghold\""};
  const char* fly[] = {"100", "7", "20", "0.5"};
  std::string t;
  for (int side = 0; side < 2; ++side) {
    const int count = side == 0 ? n : n * 8 / 10;
    for (int i = 0; i < count; ++i) {
      const std::string s = std::to_string(i);
      const int troops = 100 + (i * 37) % 1900;
      t += "[[force]]\nname = \"" + std::string(side == 0 ? "C " : "R ") + s + "\"\nside = \"" +
           (side == 0 ? "Crown" : "Rebellion") + "\"\n";
      if (side == 1 || i % 9 != 4) t += side == 0 ? "role = \"attacker\"\n" : "role = \"defender\"\n";
      t += "troops = " + std::to_string(troops) + "\n";
      const int kind = i % 6;
      if (kind == 0)
        t += "br = " + std::to_string(40 + (i * 7) % 130) + "\ntroop_class = \"" + classes[i % 8] + "\"\n";
      else if (kind == 1)
        t += "bfr = " + std::to_string(30 + (i * 11) % 90) + "\nmounted_pct = " + std::to_string((i * 3) % 60) +
             "\nflying_pct = " + fly[i % 4] + "\n";
      else if (kind == 2)
        t += "movement_ft = 90\nmounted_pct = 25\n";
      else if (kind == 4)
        t += "bfr = " + std::to_string(35 + i % 70) + "\nstatements = [\"a\", \"c\"]\n";
      else if (kind == 5)
        t += "br = " + std::to_string(60 + i % 90) + "\nsplit = [" + std::to_string(troops / 3) + ", " +
             std::to_string(troops - troops / 3) + "]\n";
      const std::string lines = side == 0 ? attacker_lines[i % 5] : defender_lines[i % 5];
      if (!lines.empty()) t += "situation = [" + lines + "]\n";
      if (i % 7 == 3) t += "fatigue = \"moderate\"\n";
      else if (i % 11 == 2) t += "fatigue = \"serious\"\n";
      t += side == 0 ? (i % 2 == 0 ? "tactic = \"attack\"\n" : "tactic = \"envelop\"\n")
                     : (i % 3 == 0 ? "tactic = \"hold\"\n" : "tactic = \"trap\"\n");
      if (side == 0 && i % 10 == 1 && kind != 5 && (i + 2) % 6 != 5 && i + 2 < n * 8 / 10)
        t += "opponent = \"R " + std::to_string(i + 2) + "\"\n";
      if (kind == 2)
        t += "\n[force.factors]\nleader_level = " + std::to_string(5 + i % 10) + "\nofficers = " + std::to_string(i % 12) +
             "\nofficer_level = 3\nvictories = " + std::to_string(i % 5) + "\n";
      if (kind == 3)
        t += "\n[force.quick]\nleader_level = " + std::to_string(4 + i % 8) + "\nhit_dice = " + std::to_string(1 + i % 4) +
             "\narchers = " + (i % 2 != 0 ? "true" : "false") + "\nflyers = " + (i % 3 == 0 ? "true" : "false") +
             "\nmax_damage = 8\n";
      t += "\n";
    }
  }
  return t;
}

testing::Run battle(std::vector<std::string> args) {
  args.insert(args.begin(), {"war-machine", "battle"});
  return run_main(war_app::main, args);
}

// The streamed file and the held one give the same output in every format, --summary or not.
void check_same(const std::string& name, const std::string& text) {
  const std::string streamed = write_temp("gp-wm-" + name + ".toml", text);
  // The default tie policy, given in a [battle] table: the file is read whole and its report held.
  const std::string held = write_temp("gp-wm-" + name + "-held.toml", "[battle]\ntie_policy = \"reroll\"\n\n" + text);
  for (const char* format : {"csv", "json", "text", "markdown"})
    for (const bool summary : {false, true}) {
      CAPTURE(format);
      CAPTURE(summary);
      std::vector<std::string> args{"--format", format};
      if (summary) args.emplace_back("--summary");
      std::vector<std::string> a = args;
      a.insert(a.begin(), streamed);
      std::vector<std::string> b = args;
      b.insert(b.begin(), held);
      const auto s = battle(a);
      const auto h = battle(b);
      CHECK(s.code == 0);
      CHECK(s.err.empty());
      CHECK(h.code == 0);
      CHECK(s.out.size() > 1000);
      CHECK(s.out == h.out);
    }
}

}  // namespace

TEST_CASE("war-machine battle: a file of 1,200 battles paired by opponent, streamed, gives the held output") {
  // About 330 KB: read in pieces on two threads; more than one chunk of 1,024 battles.
  const std::string text = forces(1200, true);
  REQUIRE(text.size() > (256U << 10));
  check_same("opponents", text);
}

TEST_CASE("war-machine battle: 200 battles paired by the book's rule, divided forces among them, streamed") {
  check_same("book", forces(200, false));
}

TEST_CASE("war-machine battle: forces of every kind, some unmatched, streamed, give the held output") {
  check_same("kinds", every_kind(300));
}

TEST_CASE("war-machine battle: a streamed file to --output; an error in its last force writes nothing") {
  const std::string text = forces(300, true);
  const std::string path = write_temp("gp-wm-output.toml", text);
  const auto out = testing::temp_path("gp-wm-output.json").string();
  std::filesystem::remove(out);
  const auto to_stdout = battle({path, "--format", "json"});
  const auto to_file = battle({path, "--format", "json", "--output", out});
  CHECK(to_file.code == 0);
  CHECK(to_file.out.empty());
  CHECK(read_whole(out) == to_stdout.out);
  std::filesystem::remove(out);
  const std::string bad =
      write_temp("gp-wm-bad.toml", text + "[[force]]\nname = \"Z\"\nside = \"north\"\ntroops = -5\nbr = 3\n");
  for (const char* format : {"csv", "json", "text", "markdown"}) {
    CAPTURE(format);
    const auto r = battle({bad, "--format", format, "--output", out});
    CHECK(r.code == 65);
    CHECK(r.out.empty());
    CHECK(r.err.find("gp-wm-bad.toml:") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out));
  }
}

TEST_CASE("war-machine battle --fractions on a file of more than 100 battles: every chance as its fraction") {
  // The stream shows the fractions chunk by chunk; a [battle] table keeps the held path (for its
  // own reason), which shows them on the whole report: the two must agree, summary or not.
  const std::string text = forces(150, true);
  const std::string path = write_temp("gp-wm-fractions.toml", text);
  const std::string held = write_temp("gp-wm-fractions-held.toml", "[battle]\ntie_policy = \"reroll\"\n\n" + text);
  for (const char* format : {"json", "text", "markdown"}) {
    for (const bool summary : {false, true}) {
      CAPTURE(format);
      CAPTURE(summary);
      std::vector<std::string> extra{"--format", format, "--fractions"};
      if (summary) extra.emplace_back("--summary");
      std::vector<std::string> s_args{path}, h_args{held};
      s_args.insert(s_args.end(), extra.begin(), extra.end());
      h_args.insert(h_args.end(), extra.begin(), extra.end());
      const auto s = battle(s_args);
      const auto h = battle(h_args);
      extra.erase(extra.begin() + 2);  // without --fractions
      std::vector<std::string> p_args{path};
      p_args.insert(p_args.end(), extra.begin(), extra.end());
      const auto plain = battle(p_args);
      CHECK(s.code == 0);
      CHECK(s.out == h.out);
      CHECK(s.out != plain.out);
    }
  }
  const auto js = battle({path, "--format", "json", "--fractions"});
  CHECK(js.out.find("\"fractions\": {") != std::string::npos);
}
