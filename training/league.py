"""League training: a main policy trained against a growing population, with exploiters that hunt its weaknesses.

    python -m training.league --config configs/league.yaml        # or: citadels train --algo league
    python -m training.league --config configs/league.yaml --generations 12    # run further: it resumes by itself

Why: a policy trained against a few fixed bots is strong against those bots only; a best response trained for
minutes beat the shipped `ppo` at 1.8x parity (docs/EXPLOITABILITY.md). Following AlphaStar's league (Vinyals et al.,
2019), each generation has three phases, each a plain training/ppo.py run or evaluation:

1. **main**: PPO from the current main policy against a pool: itself ("self", weight `self_play`) and the population,
   each member weighted by prioritized fictitious self-play, (1 - p)^`pfsp_power` with p the main's last measured
   win rate against it, so the opponents it loses to come most often;
2. **exploiter**: a main exploiter, PPO from `exploiter_from` against three copies of the new main as it plays
   (`main_mode`), then measured against it over `eval_games` games: its win rate is the generation's approximate
   exploitability (the curve of docs/EXPLOITABILITY.md's recipe, shorter); the exploiter joins the population;
3. **eval**: the main against each member (one seat against three), which sets the next generation's weights.

The population: the `fixed` agents (shipped versions and rule bots), the main's snapshot after each generation and
the exploiters (the newest `snapshots_kept` and `exploiters_kept` of each). Everything is in `runs/<exp_name>/`:
`league.json` (the state, written after every phase, so a stopped league resumes where it stopped, a PPO phase from
its newest checkpoint), each phase's run, and `league.png` (win rates against the population and the exploiters' win
rates, by generation).
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from training import config, ppo

MAIN, EXPLOITER, EVAL, DONE = "main", "exploiter", "eval", "done"
MOVING_ANCHOR = "main"
"""`ppo.anchor` value that anchors each main phase to the main it starts from"""


@dataclass
class LeagueConfig:
    """A league: its population, its generations and the PPO settings of its phases."""

    exp_name: str = "league"
    """name of the league: everything it writes goes to `out_dir/exp_name`"""
    out_dir: str = "runs"
    """where leagues are written"""
    seed: int = 0
    """seed of the league (each phase gets its own seed from it)"""
    init_from: str = "agents/zoo/ppo-v6.pt"
    """the checkpoint the main policy starts from"""
    main_mode: str = "greedy=false"
    """agent options of the main when it is an opponent or measured (greedy=false: it samples)"""
    fixed: list[str] = field(default_factory=lambda: [
        "ppo-v6", "ppo-v5", "ppo-v3", "dagger", "heuristic", "heuristic-strong"])
    """agents always in the population (never ismcts: it is kept for held-out measurement)"""
    generations: int = 6
    """generations to reach (a league that has run fewer continues)"""
    main_steps: int = 1_000_000
    """env steps of the main's PPO phase in each generation"""
    self_play: float = 0.3
    """pool weight of the main's own current policy ("self"); the population shares the rest by PFSP"""
    anchors: dict[str, float] = field(default_factory=dict)
    """fixed pool weights of some `fixed` members, whatever PFSP says (e.g. {heuristic: 0.25}): a floor that keeps the
    main playing the opponents it must stay strong against; the rest of the population shares what is left by PFSP"""
    pfsp_power: float = 2.0
    """PFSP: a member's weight is (1 - the main's win rate against it) to this power"""
    exploiter_steps: int = 500_000
    """env steps of each generation's exploiter"""
    exploiter_from: str = "agents/zoo/dagger.pt"
    """the checkpoint each exploiter starts from ("main": the current main's weights)"""
    exploiter_lr: float = 2e-4
    """learning rate of the exploiters"""
    snapshots_kept: int = 6
    """the main's past snapshots kept in the population (the newest)"""
    exploiters_kept: int = 4
    """exploiters kept in the population (the newest)"""
    eval_games: int = 200
    """games of each measurement (4 players, rounded up to a multiple of 4)"""
    eval_seed: int = 980000
    """first seed of the league's measurements (official strength seeds are 910000 up: never used here)"""
    ppo: dict[str, Any] = field(default_factory=dict)
    """training.ppo.Config fields for the main's phases (tables, presets, learning_rate, num_games...); `anchor: main`
    keeps each main phase near the main it started from (a moving anchor, magnetic mirror descent's moving magnet)"""
    progress: bool = True
    """progress bars"""

    @classmethod
    def from_yaml(cls, path: str | Path) -> LeagueConfig:
        return config.load_yaml(cls, path)

    def validate(self) -> None:
        config.check_types(self)
        for name in ("generations", "main_steps", "exploiter_steps", "eval_games"):
            config.need(self, name, getattr(self, name) >= 1, "> 0")
        for name in ("snapshots_kept", "exploiters_kept"):
            config.need(self, name, getattr(self, name) >= 0, ">= 0")
        config.need(self, "self_play", 0 <= self.self_play < 1, "from 0 to below 1")
        config.need(self, "anchors", all(k in self.fixed and v > 0 for k, v in self.anchors.items())
                    and self.self_play + sum(self.anchors.values()) < 1,
                    "positive weights of `fixed` members, summing with self_play to below 1")
        config.need(self, "init_from", Path(self.init_from).is_file(), "an existing checkpoint file")
        config.need(self, "exploiter_from", self.exploiter_from == "main" or Path(self.exploiter_from).is_file(),
                    '"main" or an existing checkpoint file')
        for spec in self.fixed:
            config.check_agent_id("fixed", spec)
        unknown = set(self.ppo) - {f.name for f in dataclasses.fields(ppo.Config)}
        config.need(self, "ppo", not unknown, f"training.ppo.Config fields (not {sorted(unknown)})")
        self.stage(MAIN, 0, {"self": 1.0}, self.init_from).validate()

    def stage(self, phase: str, generation: int, opponents: dict[str, float], init_from: str) -> ppo.Config:
        """The PPO run of one phase: the `ppo` fields, then what the league decides."""
        exploiter = phase == EXPLOITER
        base = {} if exploiter else dict(self.ppo)
        cfg = ppo.Config(**{**dataclasses.asdict(ppo.Config()), **base})
        if cfg.anchor == MOVING_ANCHOR:
            cfg.anchor = init_from
        cfg.exp_name = f"{self.exp_name}/gen{generation:02d}_{phase}"
        cfg.out_dir = self.out_dir
        cfg.seed = self.seed * 1000 + generation * 2 + exploiter
        cfg.init_from = init_from
        cfg.total_steps = self.exploiter_steps if exploiter else self.main_steps
        cfg.opponents = opponents
        cfg.opponents_per = "table"
        cfg.eval_opponents = []  # the league measures on its own
        cfg.progress = self.progress
        if exploiter:  # a best response at the table it is measured at
            cfg.players, cfg.tables, cfg.presets = 4, [4], [None]
            cfg.learning_rate, cfg.anneal_lr, cfg.reward, cfg.gamma = self.exploiter_lr, False, "win", 1.0
            cfg.clip_coef, cfg.update_epochs, cfg.target_kl, cfg.ent_coef = 0.1, 2, 0.02, 0.0
            cfg.num_games, cfg.checkpoint_every, cfg.keep_checkpoints = 48, 10, 2
        return cfg


# -- the state -------------------------------------------------------------------------------------------------------
def new_state(cfg: LeagueConfig) -> dict[str, Any]:
    return {"generation": 0, "phase": MAIN, "main": cfg.init_from,
            "members": [{"id": spec, "kind": "fixed", "generation": None, "win_rate": None} for spec in cfg.fixed],
            "history": []}


def pool_weights(cfg: LeagueConfig, members: list[dict[str, Any]]) -> dict[str, float]:
    """The main's opponent weights: `self_play` for itself, each anchor its fixed weight, the rest by PFSP over the
    other members (a member never measured counts as an even match: p = 1/4)."""
    raw = {m["id"]: (1.0 - (0.25 if m["win_rate"] is None else m["win_rate"])) ** cfg.pfsp_power for m in members
           if m["id"] not in cfg.anchors}
    total = sum(raw.values()) or 1.0
    rest = 1.0 - cfg.self_play - sum(cfg.anchors.values())
    weights = {"self": cfg.self_play} if cfg.self_play else {}
    weights.update(cfg.anchors)
    weights.update({k: rest * v / total for k, v in raw.items()})
    return weights


def _trim(members: list[dict[str, Any]], kind: str, keep: int) -> list[dict[str, Any]]:
    mine = [m for m in members if m["kind"] == kind]
    gone = {id(m) for m in mine[: max(0, len(mine) - keep)]}
    return [m for m in members if id(m) not in gone]


def _with_mode(path: str, mode: str) -> str:
    return f"{path}:{mode}" if mode else path


def _train_phase(run: ppo.Config) -> str:
    """Train one phase's PPO run, continuing from its newest checkpoint if it was stopped; returns its final path."""
    ckpts = Path(run.out_dir) / run.exp_name / "checkpoints"
    final = ckpts / "final.pt"
    if final.exists():
        return str(final)
    resume = max(ckpts.glob("update_*.pt"), default=None) if ckpts.exists() else None
    random.seed(run.seed)
    return str(ppo.train(run, str(resume) if resume else None))


# -- the league ------------------------------------------------------------------------------------------------------
def run_league(cfg: LeagueConfig) -> dict[str, Any]:
    """Run (or continue) the league up to `cfg.generations`; returns its state."""
    root = Path(cfg.out_dir) / cfg.exp_name
    root.mkdir(parents=True, exist_ok=True)
    path = root / "league.json"
    state = json.loads(path.read_text()) if path.exists() else new_state(cfg)
    (root / "league_config.json").write_text(json.dumps(dataclasses.asdict(cfg), indent=2))

    def save() -> None:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, indent=2))
        tmp.replace(path)

    while state["generation"] < cfg.generations:
        g = state["generation"]
        main_id = _with_mode(state["main"], cfg.main_mode)
        if state["phase"] == MAIN:
            weights = pool_weights(cfg, state["members"])
            print(f"generation {g}: main against " + ", ".join(f"{k} {w:.2f}" for k, w in weights.items()))
            state["main"] = _train_phase(cfg.stage(MAIN, g, weights, state["main"]))
            state["members"].append({"id": _with_mode(state["main"], cfg.main_mode), "kind": "snapshot",
                                     "generation": g, "win_rate": None})
            state["members"] = _trim(state["members"], "snapshot", cfg.snapshots_kept)
            state["history"].append({"generation": g, "weights": weights})
            state["phase"] = EXPLOITER
            save()
            main_id = _with_mode(state["main"], cfg.main_mode)
        if state["phase"] == EXPLOITER:
            start = state["main"] if cfg.exploiter_from == "main" else cfg.exploiter_from
            exploiter = _train_phase(cfg.stage(EXPLOITER, g, {main_id: 1.0}, start))
            r = _measure(f"{exploiter}:greedy=true", main_id, cfg, g)
            print(f"generation {g}: the exploiter wins {r['win_rate']:.1%} [{r['low']:.1%}, {r['high']:.1%}] "
                  f"against three of the main (parity 25 %)")
            state["history"][-1]["exploiter"] = {"id": f"{exploiter}:greedy=true", **r}
            state["members"].append({"id": f"{exploiter}:greedy=true", "kind": "exploiter", "generation": g,
                                     "win_rate": None})
            state["members"] = _trim(state["members"], "exploiter", cfg.exploiters_kept)
            state["phase"] = EVAL
            save()
        if state["phase"] == EVAL:
            rates = {}
            for m in state["members"]:
                if m["id"] == main_id:
                    continue
                r = _measure(main_id, m["id"], cfg, g)
                m["win_rate"] = r["win_rate"]
                rates[m["id"]] = r
            state["history"][-1]["main_vs"] = rates
            print(f"generation {g}: the main wins " + ", ".join(
                f"{_short(k)} {r['win_rate']:.1%}" for k, r in rates.items()))
            state["generation"], state["phase"] = g + 1, MAIN
            save()
            plot(state, root / "league.png")
    return state


def _measure(hero: str, opponent: str, cfg: LeagueConfig, generation: int) -> dict[str, float]:
    """`hero` in one seat against three `opponent` on the league's own seeds."""
    return config.evaluate_against(hero, [opponent], 4, None, cfg.eval_games,
                                   cfg.eval_seed + 10_000 * generation)[opponent]


def _short(spec: str) -> str:
    """A member's name for the log and the plot: its id, or for a league checkpoint its phase."""
    head = spec.split(":")[0]
    parts = Path(head).parts
    return parts[-3] if len(parts) >= 3 and parts[-2] == "checkpoints" else spec


def plot(state: dict[str, Any], out: Path) -> None:
    """The main's win rate against each population member, and the exploiters' win rate against the main."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    series: dict[str, list[tuple[int, float]]] = {}
    for h in state["history"]:
        for k, r in h.get("main_vs", {}).items():
            series.setdefault(_short(k), []).append((h["generation"], r["win_rate"]))
    for name, pts in series.items():
        left.plot(*zip(*pts, strict=True), marker="o", label=name)
    left.axhline(0.25, color="grey", ls="--", label="parity")
    left.set(title="main, one seat against three of each member", xlabel="generation", ylabel="win rate")
    left.legend(fontsize=7)
    ex = [(h["generation"], h["exploiter"]) for h in state["history"] if "exploiter" in h]
    if ex:
        gens = [g for g, _ in ex]
        rates = [r["win_rate"] for _, r in ex]
        err = [[r["win_rate"] - r["low"] for _, r in ex], [r["high"] - r["win_rate"] for _, r in ex]]
        right.errorbar(gens, rates, yerr=err, marker="o", capsize=3, label="exploiter vs three of the main")
    right.axhline(0.25, color="grey", ls="--", label="parity")
    right.set(title="approximate exploitability by generation", xlabel="generation", ylabel="win rate")
    right.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    cfg, _ = config.parse_config(LeagueConfig, argv, "League training for Citadels (see training/league.py).")
    state = run_league(cfg)
    print(f"league {cfg.exp_name}: {state['generation']} generations; the main is {state['main']}")


if __name__ == "__main__":
    main()
