"""Pure, deterministic rules for every Castellan game (see engine.core for the contract)."""
