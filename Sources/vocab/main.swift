print("vocab")
