"""Launch two elastic jobs; the first generation of each loses one rank."""
from agent import ElasticAgent

CFG = {"max_world": 3, "min_world": 1, "max_restarts": 2, "steps": 4,
       "in_dim": 20, "lr": 3e-3, "batch": 16, "seed": 0}


def main():
    for job in range(2):
        agent = ElasticAgent(dict(CFG, seed=job), faults={0: (1, 2)})
        final_gen = agent.run()
        for gen, world, ok, errors in agent.history:
            print(f"job {job} gen {gen} world {world} ok={ok} errors={errors}")
        print(f"job {job} finished in generation {final_gen}")


if __name__ == "__main__":
    main()
