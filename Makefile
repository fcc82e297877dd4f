# citadels-env developer tasks.
#
# torch==2.13.0 is installed before the project so that the `train` extra does
# not pull a multi-GB CUDA build of torch.

VENV    := .venv
PY      := $(VENV)/bin/python
PIP     := $(PY) -m pip
STAMP   := $(VENV)/.installed

.PHONY: venv chromium run game test lint bench fuzz serve screenshots web-load clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || python3.11 -m venv $(VENV) || python3 -m venv $(VENV)
	$(PIP) install --upgrade pip
	$(PIP) install torch==2.13.0  # first: the CPU build on this machine; an unpinned torch pulls a CUDA build
	$(PIP) install -e '.[dev,train,rllib,openspiel,torchrl,web,browser]'
	@touch $(STAMP)

# The main job: PPO from the shipped imitation network on 4-player tables against the rule-based bots
# (configs/ppo.yaml, a few minutes on 2 cores; writes runs/ppo/learning_curve.png), then its table against three
# `heuristic` on seeds training never used, with the verdict against parity.
run: venv
	$(VENV)/bin/citadels train --config configs/ppo.yaml
	$(VENV)/bin/citadels eval runs/ppo/checkpoints/final.pt:greedy=true heuristic --players 4 --games 400 \
		--seed 910000 --workers 2 --out runs/ppo/eval

# Browser play on http://127.0.0.1:8000/ (docs/WEB.md)
serve: venv
	$(VENV)/bin/citadels serve

# docs/screenshots/: home, lobby, a table and the scores at desktop and phone sizes, and the table in each language, taken in Chromium
screenshots: venv chromium
	CITADELS_SCREENSHOTS=docs/screenshots $(PY) -m pytest -p no:cacheprovider tests/web/browser/test_screenshots.py

# 50 rooms at once on 127.0.0.1, each with 3 bots and one WebSocket client (benchmarks/web_load.py), then the same
# with a spectator that never reads in every tenth room, and the ratio of the two throughputs
web-load: venv
	$(PY) benchmarks/web_load.py --rooms 50 --games 2 --stalled-every 10 --compare --json runs/web_load.json

game: venv
	$(VENV)/bin/citadels game --players 4 --seed 1

# The browser tests drive the system Chromium (Debian's package; Playwright cannot download one here).
chromium:
	@command -v chromium >/dev/null || apt-get install -y --no-install-recommends chromium || (apt-get update -qq && apt-get install -y --no-install-recommends chromium)

test: venv chromium
	$(PY) -m pytest -n 2

lint: venv
	$(VENV)/bin/ruff check .

bench: venv
	$(PY) benchmarks/core_speed.py
	$(PY) benchmarks/env_throughput.py
	$(PY) benchmarks/train_throughput.py

# A million random games over every table size, preset, rank-9 choice and ruling, invariants checked at every
# step, on 2 processes (hours: see the README); a quick run: citadels fuzz --games 10000 --workers 2
fuzz: venv
	$(VENV)/bin/citadels fuzz --games 1000000 --workers 2

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
